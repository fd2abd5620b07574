/* A load from the same address in every iteration (GCC cannot move the
   load itself: the loop's stores may alias it) is checked once, before
   the loop; the stores at i become one range check.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-loop-distribute-patterns -fplugin-arg-kasan-dump" } */

struct counter { int count; };

void
spread (int *q, const struct counter *p, int n)
{
  for (int i = 0; i < n; i++)
    q[i] = p->count;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-tree-dump-times {kasan: invariant before loop load 4} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: range before loop store} 1 "kasan" } } */
