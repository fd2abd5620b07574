/* mem-intrinsics=prefix: the call to memcpy is renamed to __asan_memcpy
   (the checking implementation); no inline range checks are added.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */

#include <string.h>

void
prefix_memcpy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+__asan_memcpy\M} } } */
/* { dg-final { scan-assembler-not {\m(call|jmp|bl|b)\s+memcpy\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)} } } */
