/* mem-intrinsics=none: memcpy, memset and memmove calls are left alone,
   without checks and without renaming.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=none" } */

#include <string.h>

void
none_memcpy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

void
none_memset (char *d, size_t n)
{
  memset (d, 1, n);
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 none_memcpy } } */
/* { dg-final { scan-assembler-func-times {\m__asan_} 0 none_memset } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+memcpy\M} } } */
/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+memset\M} } } */
