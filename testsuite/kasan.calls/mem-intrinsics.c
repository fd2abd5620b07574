/* mem-intrinsics=check at run time: memcpy, memmove, memset, memcmp and
   bzero of a variable size check the exact ranges they touch, and strlen
   checks the string with its terminator after the call.  */
/* { dg-do run } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check these ranges" } */

#include "kasan-rt.h"

__attribute__((noinline)) void do_memcpy (char *d, char *s, size_t n) { memcpy (d, s, n); }
__attribute__((noinline)) void do_memmove (char *d, char *s, size_t n) { memmove (d, s, n); }
__attribute__((noinline)) void do_memset (char *d, size_t n) { memset (d, 7, n); }
__attribute__((noinline)) int do_memcmp (char *a, char *b, size_t n) { return memcmp (a, b, n); }
__attribute__((noinline)) void do_bzero (char *d, size_t n) { __builtin_bzero (d, n); }
__attribute__((noinline)) size_t do_strlen (const char *s) { return strlen (s); }

static char buf[256];
static volatile size_t n37 = 37, n5 = 5;
static volatile long sink;

RT int
main (void)
{
  kasan_reset ();
  do_memcpy (buf + 100, buf + 3, n37);
  EXPECT2_ANY_ORDER ("memcpy", 'l', buf + 3, 37, 's', buf + 100, 37);
  do_memmove (buf + 10, buf + 20, n5);
  EXPECT2_ANY_ORDER ("memmove", 'l', buf + 20, 5, 's', buf + 10, 5);
  do_memset (buf + 50, n37);
  EXPECT1 ("memset", 's', buf + 50, 37);
  sink = do_memcmp (buf + 1, buf + 200, n5);
  EXPECT2_ANY_ORDER ("memcmp", 'l', buf + 1, 5, 'l', buf + 200, 5);
  do_bzero (buf + 60, n5);
  EXPECT1 ("bzero", 's', buf + 60, 5);
  memset (buf, 0, sizeof buf);
  memcpy (buf + 8, "hello", 6);
  kasan_reset ();
  sink = do_strlen (buf + 8);
  EXPECT1 ("strlen", 'l', buf + 8, 6);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
