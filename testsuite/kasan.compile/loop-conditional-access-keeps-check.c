/* An access only some iterations make may be one the loop never makes:
   a[i] stays checked in the loop, while b[i], read in every iteration,
   becomes one range check before it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

int
count_odd (const int *a, const int *b, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (b[i] & 1)
      s += a[i];
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-tree-dump-times {kasan: range before loop load} 1 "kasan" } } */
