/* An access only some iterations make cannot be hoisted (its range might
   hold bytes the loop never reads), but a versioned loop may skip its
   check: the test reads the shadow and reports nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

int
count_odd (const int *a, const int *b, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (b[i] & 1)
      s += a[i];
  return s;
}

/* { dg-final { scan-tree-dump-times {kasan: count_odd: 1 loops versioned} 1 "kasan" } } */
/* { dg-final { scan-assembler-times {\m__kasan_range_accessible\M} 2 } } */
