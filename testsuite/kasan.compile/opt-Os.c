/* At -Os the checks are the same as at -O2: *a, *b and the store to *d.  */
/* { dg-do compile } */
/* { dg-options "-Os" } */

void
sum_to (int *d, int *a, int *b)
{
  *d = *a + *b;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 3 } } */
