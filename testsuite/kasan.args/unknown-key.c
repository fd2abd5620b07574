/* An unknown plugin argument is an error that names it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-bogus" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-bogus} } */

int f (int *p) { return *p; }
