/* An 8-byte check of p covers a later 4-byte access at the same address:
   one __asan_load8_noabort, no 4-byte check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) long long
wide_then_narrow (volatile long long *p)
{
  long long a = *p;
  int b = *(volatile int *) p;
  return a + b;
}

/* { dg-final { scan-assembler-times {\m__asan_load8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load4} } } */
