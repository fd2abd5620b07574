/* GCC bounds this loop by small[]'s size (an index past it would be
   undefined), so its value ranges put i below 4.  The check of table[i]
   must not rest on that: with n over 4 the overflow of small[] comes
   first, and table[i] overflows its 4 ints too.  Offsets are bounded by
   their definitions alone, so table[i] keeps its own check.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

#include <stdlib.h>

int small[4];

int *
fill (unsigned long n)
{
  int *table = malloc (4 * sizeof (int));

  for (unsigned long i = 0; i < n; i++)
    {
      small[i] = 1;
      table[i] = 2;
    }
  return table;
}

/* { dg-final { scan-tree-dump-not {inside a fresh allocation} "kasan" } } */
