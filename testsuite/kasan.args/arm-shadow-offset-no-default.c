/* On 32-bit ARM the plugin has no shadow offset of its own: the kernel's
   follows its PAGE_OFFSET, so leaving it out is an error that says so,
   not x86_64's offset cut to 0.  */
/* { dg-do compile { target arm*-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline" } */
/* { dg-kasan-no-default-offset "the error without an offset is the test" } */
/* { dg-kasan-expect-error {no default shadow offset for arm[-a-z]*: give .-fplugin-arg-kasan-shadow-offset=N., N being the kernel.s .CONFIG_KASAN_SHADOW_OFFSET., which on ARM depends on its .PAGE_OFFSET.} } */

int f (int *p) { return *p; }
