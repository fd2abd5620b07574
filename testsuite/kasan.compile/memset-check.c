/* mem-intrinsics=check: memset of variable size is preceded by a store
   range check only, __asan_storeN_noabort (d, n).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check memset ranges" } */

#include <string.h>

void
clear_n (char *d, size_t n)
{
  memset (d, 0, n);
}

/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load} } } */
/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+memset\M} } } */
