/* A shadow-offset wider than the target's pointers (x86_64's offset with
   -m32, or on 32-bit ARM) is an error that names it: the address arithmetic would cut it
   short.  */
/* { dg-do compile } */
/* { dg-options "-O2 -m32 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0xdffffc0000000000" { target x86_64-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0xdffffc0000000000" { target arm*-*-* } } */
/* { dg-kasan-expect-error {32-bit pointers .* .-fplugin-arg-kasan-shadow-offset=0xdffffc0000000000} } */

int f (int *p) { return *p; }
