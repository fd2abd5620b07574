/* A loop over two arrays at -O2 (TARGET_MEM_REFs after ivopts), its
   checks kept in the loop (no-hoist; loop-range-addresses.c has them
   moved out): each iteration checks a[i] and b[i], with their addresses,
   in order.  */
/* { dg-do run } */
/* { dg-options "-O2 -fno-tree-vectorize -fplugin-arg-kasan-no-hoist" } */

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
scale (long *d, long *s, long n)
{
  for (long i = 0; i < n; i++)
    d[i] = s[i] * 3;
}

static int xa[8], xb[8];
static long ld[4], ls[4];
static volatile long sink;
static volatile long n8 = 8, n4 = 4;

RT int
main (void)
{
  struct kasan_rec want[16];
  int i;

  kasan_reset ();
  sink = dot (xa, xb, n8);
  for (i = 0; i < 8; i++)
    {
      struct kasan_rec ra = { 'l', (uintptr_t) &xa[i], 4 };
      struct kasan_rec rb = { 'l', (uintptr_t) &xb[i], 4 };
      want[2 * i] = ra;
      want[2 * i + 1] = rb;
    }
  kasan_expect ("dot loop", want, 16);

  scale (ld, ls, n4);
  for (i = 0; i < 4; i++)
    {
      struct kasan_rec rs = { 'l', (uintptr_t) &ls[i], 8 };
      struct kasan_rec rd = { 's', (uintptr_t) &ld[i], 8 };
      want[2 * i] = rs;
      want[2 * i + 1] = rd;
    }
  kasan_expect ("scale loop", want, 8);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
