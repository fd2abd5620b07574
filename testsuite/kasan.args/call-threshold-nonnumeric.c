/* A non-numeric call-threshold is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold=many" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-call-threshold} } */

int f (int *p) { return *p; }
