/* A non-numeric shadow-offset is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-shadow-offset=kernel" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-shadow-offset} } */

int f (int *p) { return *p; }
