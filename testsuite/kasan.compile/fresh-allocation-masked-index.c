/* An access inside an object the function just allocated, at an index a
   mask keeps inside it, is checked on the object's first byte: the check
   then only asks whether the allocation is there.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

#include <stdlib.h>

int
fresh_masked (unsigned int i)
{
  int *table = malloc (64 * sizeof (int));

  table[i & 63] = 1;
  return table[(i + 7) % 64];
}

/* { dg-final { scan-tree-dump-times {inside a fresh allocation: store 4 scalar} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {inside a fresh allocation: load 4 scalar} 1 "kasan" } } */
/* { dg-final { scan-tree-dump {becomes store 1 scalar at table_[0-9]+ } "kasan" } } */
