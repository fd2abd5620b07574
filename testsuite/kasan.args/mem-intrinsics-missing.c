/* mem-intrinsics without a value is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-mem-intrinsics} } */

int f (int *p) { return *p; }
