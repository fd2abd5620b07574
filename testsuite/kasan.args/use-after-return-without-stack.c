/* use-after-return moves protected frames: without stack there are none,
   and the argument would silently do nothing.  An error naming both.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-use-after-return" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-use-after-return. needs .-fplugin-arg-kasan-stack} } */

int f (int *p) { return *p; }
