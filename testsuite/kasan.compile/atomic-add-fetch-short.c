/* __atomic_add_fetch on a short is checked as a 2-byte store:
   __asan_store2_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) short
add_fetch (short *p, short v)
{
  return __atomic_add_fetch (p, v, __ATOMIC_RELAXED);
}

/* { dg-final { scan-assembler-times {\m__asan_store2_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
