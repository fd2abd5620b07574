/* A 4-byte check does not cover a later 8-byte access at the same address:
   both checks stay (__asan_load4_noabort and __asan_load8_noabort).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) long long
narrow_then_wide (volatile long long *p)
{
  int a = *(volatile int *) p;
  long long b = *p;
  return a + b;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_load8_noabort\M} 1 } } */
