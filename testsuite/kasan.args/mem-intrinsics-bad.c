/* An unknown mem-intrinsics value is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=sometimes" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-mem-intrinsics} } */

int f (int *p) { return *p; }
