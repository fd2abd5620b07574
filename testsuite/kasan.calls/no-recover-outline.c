/* Outline mode with no-recover at run time: the checks are the functions
   without _noabort, with the right addresses.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-recover" } */

#include "kasan-rt.h"

__attribute__((noinline)) int ld4 (int *p) { return *p; }
__attribute__((noinline)) void st8 (long *p) { *p = 1; }

static __attribute__((aligned (64))) char buf[64];
static volatile long sink;

RT int
main (void)
{
  kasan_reset ();
  sink = ld4 ((int *) (buf + 4));  EXPECT1 ("load4", 'l', buf + 4, 4);
  st8 ((long *) (buf + 8));        EXPECT1 ("store8", 's', buf + 8, 8);
  if (kasan_nplain != 2)
    kasan_errors++, printf ("FAIL %d calls of no-recover checks, wanted 2\n",
			    kasan_nplain);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
