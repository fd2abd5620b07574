/* A variable-length local array read at a variable index is checked:
   __asan_load4_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void fill (int *, int);

int
vla (int n, int i)
{
  int a[n];
  fill (a, n);
  return a[i];
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
