/* On 32-bit ARM, x86_64's shadow offset is an error naming the target and
   its pointer width, not an offset silently cut to 0.  */
/* { dg-do compile { target arm*-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0xdffffc0000000000" } */
/* { dg-kasan-expect-error {does not fit in the 32-bit pointers of arm[-a-z]* in .-fplugin-arg-kasan-shadow-offset=0xdffffc0000000000} } */

int f (int *p) { return *p; }
