/* x86_64's default shadow offset (0xdffffc0000000000) does not fit 32-bit
   pointers (-m32): without shadow-offset the plugin must not cut it short
   to 0 but stop, naming the target and the pointer width.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -m32 -fplugin-arg-kasan-inline" } */
/* { dg-kasan-expect-error {no default shadow offset for x86_64[-a-z]* with 32-bit pointers .*-fplugin-arg-kasan-shadow-offset=N} } */

int f (int *p) { return *p; }
