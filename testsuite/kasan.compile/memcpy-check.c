/* mem-intrinsics=check (the default): a memcpy of variable size is
   preceded by range checks of both buffers, __asan_loadN_noabort (s, n)
   and __asan_storeN_noabort (d, n), and stays a call to memcpy.  (Native
   GCC leaves the checks to the instrumented memcpy instead.)  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check memcpy ranges" } */

#include <string.h>

void
copy_n (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+memcpy\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_memcpy\M} } } */
