/* The loop's bound is read again in every iteration, and a store of the
   loop may change it: no count holds at the preheader, so the loop is
   not versioned.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

void
clear_until (int *a, const int *n)
{
  for (int i = 0; i < *n && a[i] != 0; i++)
    a[i + 1] = 0;
}

/* { dg-final { scan-tree-dump-not {loops versioned} "kasan" } } */
/* { dg-final { scan-assembler-not {\m__kasan_range_accessible\M} } } */
