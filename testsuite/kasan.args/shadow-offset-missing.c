/* shadow-offset without a value is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-shadow-offset" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-shadow-offset} } */

int f (int *p) { return *p; }
