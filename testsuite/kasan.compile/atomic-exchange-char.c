/* __atomic_exchange_n on a char is checked as a 1-byte store:
   __asan_store1_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) char
xchg (char *p, char v)
{
  return __atomic_exchange_n (p, v, __ATOMIC_SEQ_CST);
}

/* { dg-final { scan-assembler-times {\m__asan_store1_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
