/* mem-intrinsics=prefix at run time: memcpy, memmove and memset go to
   __asan_memcpy, __asan_memmove and __asan_memset with their original
   arguments, and no range checks are added.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */

#include "kasan-rt.h"

RT void *__asan_memcpy (void *d, const void *s, size_t n)
{ kasan_record ('c', (uintptr_t) d, n); return memcpy (d, s, n); }
RT void *__asan_memmove (void *d, const void *s, size_t n)
{ kasan_record ('m', (uintptr_t) d, n); return memmove (d, s, n); }
RT void *__asan_memset (void *d, int c, size_t n)
{ kasan_record ('z', (uintptr_t) d, n); return memset (d, c, n); }

__attribute__((noinline)) void do_memcpy (char *d, char *s, size_t n) { memcpy (d, s, n); }
__attribute__((noinline)) void do_memmove (char *d, char *s, size_t n) { memmove (d, s, n); }
__attribute__((noinline)) void do_memset (char *d, size_t n) { memset (d, 7, n); }

static char buf[256];
static volatile size_t n37 = 37;

RT int
main (void)
{
  kasan_reset ();
  buf[3] = 42;
  do_memcpy (buf + 100, buf + 3, n37);
  EXPECT1 ("memcpy", 'c', buf + 100, 37);
  if (buf[100] != 42)
    kasan_errors++, printf ("FAIL memcpy did not copy\n");
  do_memmove (buf + 10, buf + 20, n37);
  EXPECT1 ("memmove", 'm', buf + 10, 37);
  do_memset (buf + 50, n37);
  EXPECT1 ("memset", 'z', buf + 50, 37);
  if (buf[86] != 7)
    kasan_errors++, printf ("FAIL memset did not set\n");
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
