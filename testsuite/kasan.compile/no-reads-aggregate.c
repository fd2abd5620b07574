/* no-reads on an aggregate copy: only the store side is checked,
   __asan_storeN_noabort without __asan_loadN_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-reads" } */

struct s40 { char c[40]; };

__attribute__((noinline)) void
copy40 (struct s40 *d, struct s40 *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load} } } */
