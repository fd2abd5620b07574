/* Inline mode at run time, with the user-space shadow offset: the inline
   code reads the right shadow byte, accepts accesses inside the
   accessible prefix of a granule (shadow value k: bytes 0..k-1), and
   calls the report function with the address (and size for N) of a bad
   access, then goes on (recover).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */

#include "kasan-rt.h"

struct s3 { char c[3]; };

__attribute__((noinline)) int ld1 (signed char *p) { return *p; }
__attribute__((noinline)) int ld2 (short *p) { return *p; }
__attribute__((noinline)) int ld4 (int *p) { return *p; }
__attribute__((noinline)) long ld8 (long *p) { return *p; }
__attribute__((noinline)) __int128 ld16 (__int128 *p) { return *p; }
__attribute__((noinline)) void st1 (char *p) { *p = 1; }
__attribute__((noinline)) void st4 (int *p) { *p = 1; }
__attribute__((noinline)) void st8 (long *p) { *p = 1; }
__attribute__((noinline)) struct s3 ld3 (struct s3 *p) { return *p; }

static __attribute__((aligned (64))) char buf[64];
static volatile long sink;

RT int
main (void)
{
  signed char *sh = kasan_map_shadow (buf, sizeof buf);

  /* All accessible.  */
  kasan_reset ();
  sink = ld1 ((signed char *) buf + 7);
  sink = ld2 ((short *) (buf + 6));
  sink = ld4 ((int *) (buf + 4));
  sink = ld8 ((long *) (buf + 8));
  sink = ld16 ((__int128 *) (buf + 16));
  sink = ld3 ((struct s3 *) (buf + 5)).c[0];
  st1 (buf + 3);
  st4 ((int *) (buf + 12));
  st8 ((long *) (buf + 24));
  EXPECT0 ("accessible memory");

  /* Granule 1 (bytes 8..15): only bytes 8..11 accessible.  */
  sh[1] = 4;
  sink = ld4 ((int *) (buf + 8));      EXPECT0 ("load4 in prefix");
  sink = ld1 ((signed char *) buf + 11); EXPECT0 ("load1 last good byte");
  sink = ld1 ((signed char *) buf + 12);
  EXPECT1 ("load1 first bad byte", 'L', buf + 12, 1);
  sink = ld2 ((short *) (buf + 10));   EXPECT0 ("load2 in prefix");
  sink = ld2 ((short *) (buf + 11));
  EXPECT1 ("load2 across the end", 'L', buf + 11, 2);
  sink = ld4 ((int *) (buf + 9));
  EXPECT1 ("load4 across the end", 'L', buf + 9, 4);
  sink = ld8 ((long *) (buf + 8));
  EXPECT1 ("load8 of a partial granule", 'L', buf + 8, 8);
  sink = ld16 ((__int128 *) buf);
  EXPECT1 ("load16 over a partial granule", 'L', buf, 16);
  sink = ld3 ((struct s3 *) (buf + 9)).c[0]; EXPECT0 ("load3 in prefix");
  sink = ld3 ((struct s3 *) (buf + 10)).c[0];
  EXPECT1 ("load3 across the end", 'L', buf + 10, 3);
  st1 (buf + 13);
  EXPECT1 ("store1 bad byte", 'S', buf + 13, 1);
  st4 ((int *) (buf + 12));
  EXPECT1 ("store4 bad", 'S', buf + 12, 4);
  sh[1] = 0;

  /* Granule 3 (bytes 24..31) poisoned.  */
  sh[3] = (signed char) 0xf8;
  st8 ((long *) (buf + 24));
  EXPECT1 ("store8 poisoned", 'S', buf + 24, 8);
  sink = ld1 ((signed char *) buf + 31);
  EXPECT1 ("load1 poisoned", 'L', buf + 31, 1);
  sink = ld1 ((signed char *) buf + 32); EXPECT0 ("load1 next granule");
  sink = ld8 ((long *) (buf + 16));   EXPECT0 ("load8 previous granule");
  sink = ld16 ((__int128 *) (buf + 16));
  EXPECT1 ("load16 over poisoned", 'L', buf + 16, 16);
  sh[3] = 0;

  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
