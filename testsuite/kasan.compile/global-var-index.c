/* A global array read and written at a variable index is checked:
   __asan_load4_noabort and __asan_store8_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

int garr[10];
long long larr[10];

int
global_var (int i, int j)
{
  larr[j] = 5;
  return garr[i];
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 2 } } */
