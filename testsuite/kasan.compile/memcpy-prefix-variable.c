/* mem-intrinsics=prefix-variable: a memcpy whose length is not a
   constant becomes a call to __asan_memcpy, which checks; no range checks
   before it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix-variable" } */

#include <string.h>

void
copy_n (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler {\m(call|jmp|bl|b)\s+__asan_memcpy\M} } } */
/* { dg-final { scan-assembler-not {\m(call|jmp|bl|b)\s+memcpy\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)} } } */
