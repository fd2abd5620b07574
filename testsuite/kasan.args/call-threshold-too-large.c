/* A call-threshold above INT_MAX is an error that names it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold=99999999999" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-call-threshold=99999999999} } */

int f (int *p) { return *p; }
