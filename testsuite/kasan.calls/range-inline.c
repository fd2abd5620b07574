/* Inline range checks at run time: a 40-byte copy reports when its first
   or its last byte is bad (store side on d, load side on s, with the
   size).  A memcpy's ranges are checked by calls even in inline mode
   (the kernel copies to addresses without shadow, which only the
   runtime's range check tolerates), here with length 0.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */

#include "kasan-rt.h"

struct s40 { char c[40]; };

__attribute__((noinline)) void cp40 (struct s40 *d, struct s40 *s) { *d = *s; }
__attribute__((noinline)) void cpn (char *d, char *s, size_t n) { memcpy (d, s, n); }

static __attribute__((aligned (64))) char buf[192];
static volatile size_t zero = 0;

RT int
main (void)
{
  signed char *sh = kasan_map_shadow (buf, sizeof buf);
  struct s40 *d = (struct s40 *) buf, *s = (struct s40 *) (buf + 64);

  kasan_reset ();
  cp40 (d, s);
  EXPECT0 ("good copy");
  sh[4] = 7;			/* d's last byte (39) is byte 7 of granule 4 */
  cp40 (d, s);
  EXPECT1 ("last byte of d bad", 'S', d, 40);
  sh[4] = 0;
  sh[8] = (signed char) 0xfc;	/* s's first granule */
  cp40 (d, s);
  EXPECT1 ("first byte of s bad", 'L', s, 40);
  cpn (buf + 128, buf + 64, zero);
  EXPECT2 ("memcpy of length 0", 'l', buf + 64, 0, 's', buf + 128, 0);
  sh[8] = 0;
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
