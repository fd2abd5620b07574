/* __atomic_store_n on a long is checked as an 8-byte store:
   __asan_store8_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) void
atomic_store (long long *p, long long v)
{
  __atomic_store_n (p, v, __ATOMIC_RELEASE);
}

/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
