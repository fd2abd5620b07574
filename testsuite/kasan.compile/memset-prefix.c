/* mem-intrinsics=prefix: the call to memset is renamed to __asan_memset
   (the checking implementation); no inline range checks are added.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */

#include <string.h>

void
prefix_memset (char *d, size_t n)
{
  memset (d, 0, n);
}

/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+__asan_memset\M} } } */
/* { dg-final { scan-assembler-not {\m(call|jmp|bl|b)\s+memset\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)} } } */
