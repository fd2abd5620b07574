/* strlen (mem-intrinsics=check, the default): the call stays a call and,
   since the length is only known afterwards, the string and its
   terminator are checked after it: __asan_loadN_noabort (s, len + 1).
   The int load next to it gets its own check.  (Native GCC leaves
   strlen to the instrumented library.)  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check strlen" } */

#include <string.h>

size_t
length (const char *s, int *p)
{
  return strlen (s) + *p;
}

/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+strlen\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+strlen\M.*\m__asan_loadN_noabort\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 2 } } */
