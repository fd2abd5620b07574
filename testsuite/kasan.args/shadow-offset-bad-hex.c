/* A shadow-offset that is not a number (0xzz) is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0xzz" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-shadow-offset} } */

int f (int *p) { return *p; }
