/* A shadow-offset of more than 64 bits is an error that names it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x1dffffc0000000000" } */
/* { dg-kasan-expect-error {does not fit in 64 bits in .-fplugin-arg-kasan-shadow-offset=0x1dffffc0000000000} } */

int f (int *p) { return *p; }
