/* mem-intrinsics=check: memcmp of variable size reads both buffers: two
   __asan_loadN_noabort range checks, no store check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check memcmp ranges" } */

#include <string.h>

int
compare_n (const char *a, const char *b, size_t n)
{
  return memcmp (a, b, n);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 2 } } */
/* { dg-final { scan-assembler-not {\m__asan_store} } } */
