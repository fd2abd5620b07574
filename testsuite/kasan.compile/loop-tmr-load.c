/* After ivopts the loads a[i] and b[i] are TARGET_MEM_REFs
   (MEM[base + index * 4]).  They must still be checked, once per
   iteration, inside the loop: two __asan_load4_noabort calls in the loop
   body and none elsewhere.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fplugin-arg-kasan-no-hoist" } */

__attribute__((noinline)) int
dot (int *a, int *b, long n)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
/* { dg-final { scan-assembler-loop-times {\m__asan_load4_noabort\M} 2 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 2 } } */
