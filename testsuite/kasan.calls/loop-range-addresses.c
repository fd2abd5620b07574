/* Loops whose checks moved before them (plugin/hoist.c) check, once each,
   exactly the bytes they touch: the whole of each array walked upwards or
   downwards, a loop-invariant address once, and nothing for a loop that
   does not run.  */
/* { dg-do run } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-tree-loop-distribute-patterns" } */
/* { dg-kasan-native-skip "native GCC checks in the loop" } */

#include "kasan-rt.h"

__attribute__((noinline)) int
dot (int *a, int *b, long n)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

__attribute__((noinline)) void
down (short *d, int n)
{
  for (int i = n - 1; i >= 0; i--)
    d[i] = i;
}

__attribute__((noinline)) void
spread (int *q, const int *v, unsigned int n)
{
  for (unsigned int i = 0; i != n; i++)
    q[i] = *v;
}

static int xa[8], xb[8], xq[5], xv;
static short xd[6];
static volatile long sink;
static volatile long n8 = 8, n0 = 0;
static volatile int n6 = 6, n5 = 5;

RT int
main (void)
{
  kasan_reset ();
  sink = dot (xa, xb, n8);
  EXPECT2 ("dot", 'l', xa, sizeof (xa), 'l', xb, sizeof (xb));
  sink = dot (xa, xb, n0);
  EXPECT0 ("dot, no iteration");
  down (xd, n6);
  EXPECT1 ("down", 's', xd, sizeof (xd));
  spread (xq, &xv, n5);
  EXPECT2_ANY_ORDER ("spread", 'l', &xv, sizeof (xv), 's', xq, sizeof (xq));
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
