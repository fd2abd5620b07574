/* An unknown plugin argument with a value is an error that names it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-frobnicate=3" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-frobnicate} } */

int f (int *p) { return *p; }
