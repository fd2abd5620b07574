/* A function with __attribute__((no_address_safety_analysis)) is not
   instrumented at all; an ordinary function in the same file is (so the
   plugin is known to be active).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline, no_address_safety_analysis)) int
not_checked (int *p, long *q)
{
  *q = 1;
  return *p;
}

__attribute__((noinline)) int
checked (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 not_checked } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 checked } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
