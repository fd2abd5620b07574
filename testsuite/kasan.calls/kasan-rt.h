/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A recording stand-in for the KASan runtime, for the execution tests.
   Every __asan_* entry point the plugin may call appends a record
   (kind, address, size) to a log that the test then compares with what
   it expects.  Nothing here is instrumented (no_sanitize_address).  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <setjmp.h>
#include <sys/mman.h>

#define RT __attribute__((no_sanitize_address, noinline, used))

/* Native GCC (KASAN_NATIVE=1) declares these entry points as builtins
   taking a void *; the stand-ins here are the same at the ABI level.  */
#pragma GCC diagnostic ignored "-Wbuiltin-declaration-mismatch"

/* Kinds: 'l'/'s' outline load/store check, 'L'/'S' inline report of a
   load/store, 'n' __asan_handle_no_return.  */
#define kasan_try() (kasan_jmp_armed = 1, setjmp (kasan_jmp))
struct kasan_rec
{
  char kind;
  uintptr_t addr;
  unsigned long size;
};

static struct kasan_rec kasan_log[256];
static int kasan_nlog;
static int kasan_errors;
/* Calls of the no-recover outline checks (__asan_load4, not _noabort).  */
static int kasan_nplain;

RT static void
kasan_record (char kind, uintptr_t addr, unsigned long size)
{
  if (kasan_nlog < 256)
    {
      kasan_log[kasan_nlog].kind = kind;
      kasan_log[kasan_nlog].addr = addr;
      kasan_log[kasan_nlog].size = size;
    }
  kasan_nlog++;
}

/* A no-recover report function must not return: it jumps back to the
   test through kasan_jmp when armed (kasan_try), else ends the run.  */
static jmp_buf kasan_jmp;
static int kasan_jmp_armed;

RT __attribute__((noreturn)) static void
kasan_fatal (char kind, uintptr_t addr, unsigned long size)
{
  kasan_record (kind, addr, size);
  if (kasan_jmp_armed)
    {
      kasan_jmp_armed = 0;
      longjmp (kasan_jmp, 1);
    }
  printf ("unexpected fatal report %c:%#lx/%lu\n", kind,
	  (unsigned long) addr, size);
  exit (3);
}

#define KASAN_CHECK(kind, name, size)					\
  RT void name##size##_noabort (void *a)				\
  { kasan_record (kind, (uintptr_t) a, size); }				\
  RT void name##size (void *a)						\
  { kasan_nplain++; kasan_record (kind, (uintptr_t) a, size); }
#define KASAN_REPORT(kind, name, size)					\
  RT void name##size##_noabort (void *a)				\
  { kasan_record (kind, (uintptr_t) a, size); }				\
  RT __attribute__((noreturn)) void name##size (void *a)		\
  { kasan_fatal (kind, (uintptr_t) a, size); }
#define KASAN_ALL(what, kind, name)					\
  what (kind, name, 1) what (kind, name, 2) what (kind, name, 4)	\
  what (kind, name, 8) what (kind, name, 16)

KASAN_ALL (KASAN_CHECK, 'l', __asan_load)
KASAN_ALL (KASAN_CHECK, 's', __asan_store)
KASAN_ALL (KASAN_REPORT, 'L', __asan_report_load)
KASAN_ALL (KASAN_REPORT, 'S', __asan_report_store)

RT void __asan_loadN_noabort (void *a, unsigned long n)
{ kasan_record ('l', (uintptr_t) a, n); }
RT void __asan_loadN (void *a, unsigned long n)
{ kasan_nplain++; kasan_record ('l', (uintptr_t) a, n); }
RT void __asan_storeN_noabort (void *a, unsigned long n)
{ kasan_record ('s', (uintptr_t) a, n); }
RT void __asan_storeN (void *a, unsigned long n)
{ kasan_nplain++; kasan_record ('s', (uintptr_t) a, n); }
RT void __asan_report_load_n_noabort (void *a, unsigned long n)
{ kasan_record ('L', (uintptr_t) a, n); }
RT __attribute__((noreturn)) void __asan_report_load_n (void *a, unsigned long n)
{ kasan_fatal ('L', (uintptr_t) a, n); }
RT void __asan_report_store_n_noabort (void *a, unsigned long n)
{ kasan_record ('S', (uintptr_t) a, n); }
RT __attribute__((noreturn)) void __asan_report_store_n (void *a, unsigned long n)
{ kasan_fatal ('S', (uintptr_t) a, n); }
RT void __asan_handle_no_return (void) { kasan_record ('n', 0, 0); }

/* Forget what was recorded so far.  */
RT static void
kasan_reset (void)
{
  kasan_nlog = 0;
}

/* Expect exactly the N records in WANT (in this order) since the last
   reset; report a mismatch under the name WHAT.  */
RT static void
kasan_expect (const char *what, const struct kasan_rec *want, int n)
{
  int i, bad = kasan_nlog != n;
  for (i = 0; !bad && i < n; i++)
    bad = (kasan_log[i].kind != want[i].kind
	   || kasan_log[i].addr != want[i].addr
	   || kasan_log[i].size != want[i].size);
  if (!bad)
    {
      kasan_reset ();
      return;
    }
  kasan_errors++;
  printf ("FAIL %s: wanted", what);
  for (i = 0; i < n; i++)
    printf (" %c:%#lx/%lu", want[i].kind, (unsigned long) want[i].addr,
	    want[i].size);
  printf (", got");
  for (i = 0; i < kasan_nlog && i < 256; i++)
    printf (" %c:%#lx/%lu", kasan_log[i].kind,
	    (unsigned long) kasan_log[i].addr, kasan_log[i].size);
  printf ("\n");
  kasan_reset ();
}

#define EXPECT0(what) kasan_expect (what, 0, 0)
#define EXPECT1(what, k, a, s)						\
  do {									\
    struct kasan_rec w_[1] = { { k, (uintptr_t) (a), s } };		\
    kasan_expect (what, w_, 1);						\
  } while (0)
#define EXPECT2(what, k1, a1, s1, k2, a2, s2)				\
  do {									\
    struct kasan_rec w_[2] = { { k1, (uintptr_t) (a1), s1 },		\
			       { k2, (uintptr_t) (a2), s2 } };		\
    kasan_expect (what, w_, 2);						\
  } while (0)

/* As kasan_expect, for two records in either order.  */
RT static void
kasan_expect_any_order (const char *what, const struct kasan_rec *want)
{
  if (kasan_nlog == 2
      && kasan_log[0].kind == want[1].kind
      && kasan_log[0].addr == want[1].addr
      && kasan_log[0].size == want[1].size)
    {
      struct kasan_rec swapped[2] = { want[1], want[0] };
      kasan_expect (what, swapped, 2);
    }
  else
    kasan_expect (what, want, 2);
}

#define EXPECT2_ANY_ORDER(what, k1, a1, s1, k2, a2, s2)		\
  do {									\
    struct kasan_rec w_[2] = { { k1, (uintptr_t) (a1), s1 },		\
			       { k2, (uintptr_t) (a2), s2 } };		\
    kasan_expect_any_order (what, w_);					\
  } while (0)

RT static int
kasan_done (void)
{
  if (kasan_errors)
    printf ("%d mismatches\n", kasan_errors);
  else
    printf ("all checks as expected\n");
  return kasan_errors != 0;
}

/* Shadow memory for the inline tests, which use the user-space shadow
   offset 0x7fff8000: map the shadow pages of [P, P + LEN).  Returns a
   pointer to the shadow byte of P.  */
#define KASAN_TEST_SHADOW_OFFSET 0x7fff8000UL

RT static signed char *
kasan_map_shadow (void *p, unsigned long len)
{
  uintptr_t first = ((uintptr_t) p >> 3) + KASAN_TEST_SHADOW_OFFSET;
  uintptr_t last = (((uintptr_t) p + len - 1) >> 3) + KASAN_TEST_SHADOW_OFFSET;
  uintptr_t page = first & ~(uintptr_t) 4095;
  size_t size = ((last | 4095) + 1) - page;
  void *m = mmap ((void *) page, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (m != (void *) page)
    {
      printf ("cannot map shadow at %#lx: %s\n", (unsigned long) page,
	      strerror (errno));
      exit (2);
    }
  return (signed char *) first;
}
