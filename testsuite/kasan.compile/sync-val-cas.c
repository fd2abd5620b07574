/* __sync_val_compare_and_swap on an int is checked as a 4-byte store:
   __asan_store4_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
cas (int *p, int old, int new)
{
  return __sync_val_compare_and_swap (p, old, new);
}

/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
