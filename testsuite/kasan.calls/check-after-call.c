/* Inline mode at run time: a call between two loads of *p may free p, so
   the second load is checked again; when the call poisons *p, the second
   load reports.  A repeated load with no call in between is not checked
   twice (it would report twice).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */

#include "kasan-rt.h"

static signed char *shadow;
static __attribute__((aligned (64))) char buf[64];
static volatile long sink;

RT void
free_it (void)
{
  shadow[1] = (signed char) 0xfb;	/* granule of buf + 8: freed */
}

/* Called through a volatile pointer, so that GCC cannot see that the
   callee frees nothing (it would then keep one check, rightly).  */
static void (*volatile hook) (void) = free_it;

__attribute__((noinline)) int
load_call_load (int *p)
{
  int x = *p;
  hook ();
  return x + *p;
}

__attribute__((noinline)) int
load_twice (volatile int *p)
{
  return *p + *p;
}

RT int
main (void)
{
  shadow = kasan_map_shadow (buf, sizeof buf);
  kasan_reset ();
  sink = load_call_load ((int *) (buf + 8));
  EXPECT1 ("second load after free", 'L', buf + 8, 4);
  sink = load_twice ((volatile int *) (buf + 8));
  EXPECT1 ("one report for two loads", 'L', buf + 8, 4);
  shadow[1] = 0;
  sink = load_twice ((volatile int *) (buf + 8));
  EXPECT0 ("good loads");
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
