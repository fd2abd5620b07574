/* "return strlen (s);" is a tail call in GIMPLE.  The strlen check comes
   after the call, so the call must stop being a tail call (jmp strlen),
   else the check is never executed: strlen is called, then
   __asan_loadN_noabort (s, len + 1).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check strlen" } */

#include <string.h>

size_t
length_tail (const char *s)
{
  return strlen (s);
}

/* { dg-final { scan-assembler {\m(call|bl)\s+strlen\M} } } */
/* { dg-final { scan-assembler-not {\m(jmp|b)\s+strlen\M} } } */
/* { dg-final { scan-assembler {\m(call|bl)\s+strlen\M.*\m__asan_loadN_noabort\M} } } */
