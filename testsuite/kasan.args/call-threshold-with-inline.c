/* call-threshold together with inline is a valid combination.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-call-threshold=1" } */

int f (int *p) { return *p; }

/* { dg-final { check-exit-status 0 } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
