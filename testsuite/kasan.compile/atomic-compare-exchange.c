/* __atomic_compare_exchange_n on an int, with the expected value in a
   local (which GCC turns into the internal function
   .ATOMIC_COMPARE_EXCHANGE at -O2), is checked as a 4-byte store on the
   atomic location: __asan_store4_noabort.  The local is not checked.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
cmpxchg (int *p, int old, int new)
{
  int e = old;
  __atomic_compare_exchange_n (p, &e, new, 0, __ATOMIC_SEQ_CST,
			       __ATOMIC_SEQ_CST);
  return e;
}

/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
