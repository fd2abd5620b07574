/* strlen with mem-intrinsics=none: the call is left alone, no range
   check; the int load next to it is still checked.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=none" } */

#include <string.h>

size_t
length (const char *s, int *p)
{
  return strlen (s) + *p;
}

/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+strlen\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
