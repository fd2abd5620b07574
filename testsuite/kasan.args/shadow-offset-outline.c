/* shadow-offset is accepted in outline mode too (where it has no effect
   on the calls).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */

int f (int *p) { return *p; }

/* { dg-final { check-exit-status 0 } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m2147450880\M} } } */
