/* Outline mode at run time: every check call receives the address of the
   access and, for the N variants, its size; aggregate copies check the
   store before the load.  */
/* { dg-do run } */
/* { dg-options "-O2" } */

#include "kasan-rt.h"

struct s3 { char c[3]; };
struct s40 { char c[40]; };
struct __attribute__((packed)) pk { char c; int i; };
struct bf { unsigned a : 3; unsigned b : 20; };
struct bf5 { char c; unsigned long x : 40; };

__attribute__((noinline)) int ld1 (signed char *p) { return *p; }
__attribute__((noinline)) int ld2 (short *p) { return *p; }
__attribute__((noinline)) int ld4 (int *p) { return *p; }
__attribute__((noinline)) long ld8 (long *p) { return *p; }
__attribute__((noinline)) __int128 ld16 (__int128 *p) { return *p; }
__attribute__((noinline)) void st1 (char *p) { *p = 1; }
__attribute__((noinline)) void st2 (short *p) { *p = 1; }
__attribute__((noinline)) void st4 (int *p) { *p = 1; }
__attribute__((noinline)) void st8 (long *p) { *p = 1; }
__attribute__((noinline)) void st16 (__int128 *p) { *p = 1; }
__attribute__((noinline)) struct s3 ld3 (struct s3 *p) { return *p; }
__attribute__((noinline)) void cp40 (struct s40 *d, struct s40 *s) { *d = *s; }
__attribute__((noinline)) int unal (struct pk *p) { return p->i; }
__attribute__((noinline)) unsigned bfl (struct bf *p) { return p->b; }
__attribute__((noinline)) unsigned long bfl5 (struct bf5 *p) { return p->x; }
__attribute__((noinline)) void bfs (struct bf *p, unsigned v) { p->b = v; }

static __attribute__((aligned (64))) char buf[256];
/* The loads' results go here, so that the calls are not dropped.  */
static volatile long sink;

RT int
main (void)
{
  kasan_reset ();
  sink = ld1 ((signed char *) buf + 3);   EXPECT1 ("load1", 'l', buf + 3, 1);
  sink = ld2 ((short *) (buf + 6));       EXPECT1 ("load2", 'l', buf + 6, 2);
  sink = ld4 ((int *) (buf + 12));        EXPECT1 ("load4", 'l', buf + 12, 4);
  sink = ld8 ((long *) (buf + 24));       EXPECT1 ("load8", 'l', buf + 24, 8);
  sink = ld16 ((__int128 *) (buf + 32));  EXPECT1 ("load16", 'l', buf + 32, 16);
  st1 (buf + 1);                   EXPECT1 ("store1", 's', buf + 1, 1);
  st2 ((short *) (buf + 2));       EXPECT1 ("store2", 's', buf + 2, 2);
  st4 ((int *) (buf + 4));         EXPECT1 ("store4", 's', buf + 4, 4);
  st8 ((long *) (buf + 8));        EXPECT1 ("store8", 's', buf + 8, 8);
  st16 ((__int128 *) (buf + 48));  EXPECT1 ("store16", 's', buf + 48, 16);
  sink = ld3 ((struct s3 *) (buf + 5)).c[0];
  EXPECT1 ("load size 3", 'l', buf + 5, 3);
  cp40 ((struct s40 *) (buf + 64), (struct s40 *) (buf + 128));
  EXPECT2 ("copy 40", 's', buf + 64, 40, 'l', buf + 128, 40);
  sink = unal ((struct pk *) (buf + 16)); EXPECT1 ("packed int", 'l', buf + 17, 4);
  sink = bfl ((struct bf *) (buf + 20));  EXPECT1 ("bitfield load", 'l', buf + 20, 4);
  bfs ((struct bf *) (buf + 20), 5);
  EXPECT1 ("bitfield store", 's', buf + 20, 4);
  sink = bfl5 ((struct bf5 *) (buf + 200));
  EXPECT1 ("bitfield 40-bit unit", 'l', buf + 201, 5);
  if (kasan_nplain)
    kasan_errors++, printf ("FAIL recover mode called no-recover checks\n");
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
