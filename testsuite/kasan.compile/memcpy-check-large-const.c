/* mem-intrinsics=check: a memcpy of a large constant size (1000 bytes),
   which GCC may expand inline, still gets __asan_loadN_noabort (s, 1000)
   and __asan_storeN_noabort (d, 1000).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check memcpy ranges" } */

#include <string.h>

void
copy_1000 (char *d, const char *s)
{
  memcpy (d, s, 1000);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {(movl\s+\$1000, %esi|mov\s+r1, #1000\M)} 2 } } */
