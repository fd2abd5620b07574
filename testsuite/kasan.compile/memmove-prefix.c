/* mem-intrinsics=prefix: the call to memmove is renamed to __asan_memmove
   (the checking implementation); no inline range checks are added.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */

#include <string.h>

void
prefix_memmove (char *d, const char *s, size_t n)
{
  memmove (d, s, n);
}

/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+__asan_memmove\M} } } */
/* { dg-final { scan-assembler-not {\m(call|jmp|bl|b)\s+memmove\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)} } } */
