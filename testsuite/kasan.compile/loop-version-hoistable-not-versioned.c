/* A loop whose checks all move before it (hoist.c: a known trip count, an
   access in every iteration) needs no second copy.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

int
sum_hundred (const int *a)
{
  int s = 0;
  for (int i = 0; i < 100; i++)
    s += a[i];
  return s;
}

/* { dg-final { scan-tree-dump-not {loops versioned} "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: range before loop load 400 range} 1 "kasan" } } */
/* { dg-final { scan-assembler-not {\m__kasan_range_accessible\M} } } */
