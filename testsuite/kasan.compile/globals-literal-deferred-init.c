/* With -ftrivial-auto-var-init, GCC 12 initialises each local through
   .DEFERRED_INIT (size, kind, &"name"[0]): the name is for diagnostics,
   and no literal is written out for it.  The plugin does not protect
   it either, so it writes out no "buf" nor a descriptor for it.  */
/* { dg-do compile } */
/* { dg-skip-if "GCC 11 has no -ftrivial-auto-var-init" { gcc-11 } } */
/* { dg-options "-O2 -ftrivial-auto-var-init=zero -fno-common -fplugin-arg-kasan-globals" } */

extern void use (char *);

void
f (void)
{
  char buf[16];
  use (buf);
}

/* { dg-final { scan-assembler-not {\.string\s+"buf"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-not {\.ascii\s+"buf\\000"} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-not {__asan_register_globals} } } */
