/* An index that can reach past the allocation keeps its own check.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

#include <stdlib.h>

int *
fresh_too_wide (unsigned int i)
{
  int *table = malloc (64 * sizeof (int));

  table[i & 127] = 1;
  table[(i & 63) - 1] = 2;
  return table;
}

/* { dg-final { scan-tree-dump-not {inside a fresh allocation} "kasan" } } */
/* { dg-final { scan-tree-dump-times {check store 4 scalar} 2 "kasan" } } */
