/* mem-intrinsics=prefix with disable: nothing is instrumented, so no
   memcpy is renamed either.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix -fplugin-arg-kasan-disable" } */

#include <string.h>

void
ordinary_copy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+memcpy\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_} } } */
