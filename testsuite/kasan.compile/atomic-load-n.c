/* __atomic_load_n on a long is checked as an 8-byte load:
   __asan_load8_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) long long
atomic_load (long long *p)
{
  return __atomic_load_n (p, __ATOMIC_ACQUIRE);
}

/* { dg-final { scan-assembler-times {\m__asan_load8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
