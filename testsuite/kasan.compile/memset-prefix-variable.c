/* mem-intrinsics=prefix-variable: memset of a length that is not a
   constant becomes __asan_memset; one of a constant length stays memset,
   checked before it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix-variable" } */

#include <string.h>

void
clear_n (char *d, size_t n)
{
  memset (d, 0, n);
}

void
clear_300 (char *d)
{
  memset (d, 0, 300);
}

/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+__asan_memset\M} 1 clear_n } } */
/* { dg-final { scan-assembler-func-times {\m__asan_storeN_noabort\M} 0 clear_n } } */
/* { dg-final { scan-assembler-func-times {\m__asan_memset\M} 0 clear_300 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_storeN_noabort\M} 1 clear_300 } } */
