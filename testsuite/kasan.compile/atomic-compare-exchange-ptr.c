/* __atomic_compare_exchange_n on a long with the expected value behind a
   pointer argument: the atomic location is checked as an 8-byte store,
   __asan_store8_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
cmpxchg_ptr (long long *p, long long *expected, long long new)
{
  return __atomic_compare_exchange_n (p, expected, new, 0, __ATOMIC_SEQ_CST,
				      __ATOMIC_SEQ_CST);
}

/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
