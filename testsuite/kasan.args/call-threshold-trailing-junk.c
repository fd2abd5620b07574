/* A call-threshold with trailing garbage (12x) is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold=12x" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-call-threshold} } */

int f (int *p) { return *p; }
