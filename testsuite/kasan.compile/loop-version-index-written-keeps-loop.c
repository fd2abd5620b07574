/* The index is written from memory in the loop: not an induction
   variable, its bytes are no range.  The loop is not versioned.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

int
follow (const int *next, int start, int n)
{
  int steps = 0, i = start;
  while (steps < n && i >= 0)
    {
      i = next[i];
      steps++;
    }
  return steps;
}

/* { dg-final { scan-tree-dump-not {loops versioned} "kasan" } } */
/* { dg-final { scan-assembler-not {\m__kasan_range_accessible\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
