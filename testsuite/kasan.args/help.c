/* -fplugin-arg-kasan-help lists the plugin's arguments.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-help" } */
/* { dg-kasan-prune {.} } */

int f (int *p) { return *p; }

/* { dg-final { scan-stderr {\moutline\M} } } */
/* { dg-final { scan-stderr {\minline\M} } } */
/* { dg-final { scan-stderr {\mcall-threshold\M} } } */
/* { dg-final { scan-stderr {\mshadow-offset\M} } } */
/* { dg-final { scan-stderr {\mno-recover\M} } } */
/* { dg-final { scan-stderr {\mmem-intrinsics\M} } } */
/* { dg-final { scan-stderr {\meliminate\M} } } */
/* { dg-final { scan-stderr {\mstats\M} } } */
/* { dg-final { scan-stderr {\mdisable\M} } } */
/* { dg-final { scan-stderr-not {internal compiler error} } } */
