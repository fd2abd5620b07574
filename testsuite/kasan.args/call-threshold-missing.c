/* call-threshold without a value is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-call-threshold} } */

int f (int *p) { return *p; }
