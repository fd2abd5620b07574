/* -fplugin-arg-kasan-help shows every argument the plugin accepts, with
   its value: help and the checking of arguments come from one table.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-help" } */
/* { dg-kasan-prune {.} } */

int f (int *p) { return *p; }

/* { dg-final { scan-stderr {-fplugin-arg-kasan-outline\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-inline\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-call-threshold=N\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-shadow-offset=N\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-recover\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-no-recover\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-reads\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-no-reads\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-writes\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-no-writes\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-mem-intrinsics=check\|prefix\|prefix-variable\|none\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-eliminate\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-no-eliminate\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-globals\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-no-globals\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-stack\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-no-stack\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-use-after-return\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-no-use-after-return\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-stats\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-dump\[=FLAGS\]\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-disable\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-help\s} } } */
/* { dg-final { scan-stderr {-fplugin-arg-kasan-version\s} } } */
