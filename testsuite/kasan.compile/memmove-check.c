/* mem-intrinsics=check: memmove of variable size gets
   __asan_loadN_noabort (s, n) and __asan_storeN_noabort (d, n).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check memmove ranges" } */

#include <string.h>

void
move_n (char *d, const char *s, size_t n)
{
  memmove (d, s, n);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+memmove\M} } } */
