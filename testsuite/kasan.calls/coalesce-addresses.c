/* Neighbouring checks made one check the union of their bytes, at its
   lowest address: a pair of ints and a long from the first field; two
   ints read from the higher down, and two reads with a call between them,
   stay apart.  */
/* { dg-do run { target x86_64-*-* } } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC checks each field" } */

#include "kasan-rt.h"

struct pair { int a, b; long c; };

__attribute__((noinline)) long
sum (struct pair *p)
{
  return p->a + p->b + p->c;
}

__attribute__((noinline)) int
backwards (struct pair *p)
{
  int b = p->b;
  return b * 3 + p->a;
}

__attribute__((noinline)) void
between (void)
{
  __asm__ volatile ("" ::: "memory");
}

__attribute__((noinline)) int
apart (struct pair *p)
{
  int a = p->a;
  between ();
  return a + p->b;
}

static struct pair xp;
static volatile long sink;

RT int
main (void)
{
  kasan_reset ();
  sink = sum (&xp);
  EXPECT1 ("sum", 'l', &xp, 16);
  sink = backwards (&xp);
  EXPECT2 ("backwards", 'l', &xp.b, 4, 'l', &xp.a, 4);
  sink = apart (&xp);
  EXPECT2 ("apart", 'l', &xp.a, 4, 'l', &xp.b, 4);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
