/* mem-intrinsics=check given explicitly behaves like the default.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=check" } */

#include <string.h>

void
copy_n2 (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+memcpy\M} } } */
