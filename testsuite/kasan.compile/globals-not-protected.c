/* Not protected: TLS, variables in a named section, extern ones; with no
   protected global left, there is no constructor at all.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */

__thread int tls = 1;
__attribute__ ((section (".data.custom"))) int insec = 1;
extern int ext;

int use (void) { return tls + insec + ext; }

/* { dg-final { scan-assembler-not {\m__asan_register_globals\M} } } */
/* { dg-final { scan-assembler {\.size\s+insec, 4} } } */
/* { dg-final { scan-assembler {\.size\s+tls, 4} } } */
