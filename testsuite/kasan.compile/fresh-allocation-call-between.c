/* A call between the allocation and the access may free the object (here
   through the pointer it was given): the access keeps its own check.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

#include <stdlib.h>

void consume (int *p);

int
fresh_then_call (unsigned int i)
{
  int *table = malloc (64 * sizeof (int));

  consume (table);
  return table[i & 63];
}

/* { dg-final { scan-tree-dump-not {inside a fresh allocation} "kasan" } } */
/* { dg-final { scan-tree-dump {check load 4 scalar} "kasan" } } */
