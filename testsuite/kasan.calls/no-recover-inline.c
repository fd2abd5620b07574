/* Inline mode with no-recover at run time: a bad access calls the
   noreturn __asan_report_* function (without _noabort) with its address;
   good accesses report nothing.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-no-recover -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */

#include "kasan-rt.h"

__attribute__((noinline)) int ld4 (int *p) { return *p; }
__attribute__((noinline)) void st2 (short *p) { *p = 1; }

static __attribute__((aligned (64))) char buf[64];
static volatile long sink;

RT int
main (void)
{
  signed char *sh = kasan_map_shadow (buf, sizeof buf);

  kasan_reset ();
  sh[2] = 2;	/* bytes 16, 17 accessible */
  sink = ld4 ((int *) (buf + 8));
  st2 ((short *) (buf + 16));
  EXPECT0 ("good accesses");
  if (kasan_try () == 0)
    {
      sink = ld4 ((int *) (buf + 16));
      printf ("FAIL report returned\n");
      return 1;
    }
  EXPECT1 ("fatal load4 report", 'L', buf + 16, 4);
  if (kasan_try () == 0)
    {
      st2 ((short *) (buf + 17));
      printf ("FAIL report returned\n");
      return 1;
    }
  EXPECT1 ("fatal store2 report", 'S', buf + 17, 2);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
