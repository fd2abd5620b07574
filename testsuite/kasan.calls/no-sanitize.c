/* At run time, functions with a no_sanitize attribute make no checks on
   poisoned memory, including an always_inline helper inlined into them;
   the same helper inlined into an ordinary function reports.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */

#include "kasan-rt.h"

static inline __attribute__((always_inline)) int
helper (int *p)
{
  return *p + 1;
}

__attribute__((noinline, no_sanitize_address)) int ns1 (int *p) { return *p; }
__attribute__((noinline, no_address_safety_analysis)) int ns2 (int *p) { return *p; }
__attribute__((noinline, no_sanitize ("address"))) int ns3 (int *p) { return *p; }
__attribute__((noinline, no_sanitize ("kernel-address"))) int ns4 (int *p) { return *p; }
__attribute__((noinline, no_sanitize_address)) int ns_helper (int *p) { return helper (p); }
__attribute__((noinline)) int san_helper (int *p) { return helper (p); }

static __attribute__((aligned (64))) char buf[64];
static volatile long sink;

RT int
main (void)
{
  signed char *sh = kasan_map_shadow (buf, sizeof buf);
  int *bad = (int *) (buf + 16);

  sh[2] = (signed char) 0xfa;
  kasan_reset ();
  sink = ns1 (bad) + ns2 (bad) + ns3 (bad) + ns4 (bad);
  EXPECT0 ("no_sanitize functions");
  sink = ns_helper (bad);
  EXPECT0 ("always_inline helper in a no_sanitize function");
  sink = san_helper (bad);
  EXPECT1 ("always_inline helper in an instrumented function", 'L', bad, 4);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
