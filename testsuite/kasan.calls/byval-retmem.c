/* At run time, a struct passed by value in memory is checked as a load
   of the source object, and a struct returned in memory into *p as a
   store of p, with their sizes.  */
/* { dg-do run } */
/* { dg-options "-O2" } */

#include "kasan-rt.h"

struct big { long a[8]; };

RT __attribute__((noinline)) long take (struct big b) { return b.a[0]; }
RT __attribute__((noinline)) struct big make (void) { struct big b = { { 1 } }; return b; }

__attribute__((noinline)) long pass_byval (struct big *p) { return take (*p); }
__attribute__((noinline)) void ret_mem (struct big *p) { *p = make (); }

static struct big objs[2];
static volatile long sink;

RT int
main (void)
{
  kasan_reset ();
  sink = pass_byval (&objs[1]);
  EXPECT1 ("by value", 'l', &objs[1], 64);
  ret_mem (&objs[0]);
  EXPECT1 ("returned in memory", 's', &objs[0], 64);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
