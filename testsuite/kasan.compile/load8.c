/* A 8-byte aligned load through a pointer is checked, outline by default,
   with one call to __asan_load8_noabort and no other check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) long long
load8 (long long *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
