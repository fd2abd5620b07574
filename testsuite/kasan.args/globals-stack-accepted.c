/* globals and stack are accepted arguments.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-globals -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "plugin arguments only" } */

int f (int *p) { return *p; }

/* { dg-final { check-exit-status 0 } } */
/* { dg-final { scan-assembler {\m__asan_load4_noabort\M} } } */
