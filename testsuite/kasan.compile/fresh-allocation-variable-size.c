/* An allocation of a size GCC cannot bound from below tells nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

#include <stdlib.h>

int
fresh_variable (unsigned long n, unsigned int i)
{
  int *table = malloc (n);

  return table[i & 3];
}

/* { dg-final { scan-tree-dump-not {inside a fresh allocation} "kasan" } } */
