/* Without stats the plugin prints nothing: a clean compile of a
   function with checks (any output would be an excess error).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

int f (int *p) { return *p; }

/* { dg-final { scan-stderr-not {kasan} } } */
/* { dg-final { check-exit-status 0 } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
