/* __atomic_fetch_add on an int is checked as a 4-byte store:
   __asan_store4_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
fetch_add (int *p)
{
  return __atomic_fetch_add (p, 1, __ATOMIC_SEQ_CST);
}

/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
