/* A memcpy of a small constant size (16 bytes) is folded by GCC into a
   plain 16-byte copy with byte alignment, which is then checked as an
   access: __asan_storeN_noabort (d, 16) and __asan_loadN_noabort (s, 16),
   with no memcpy call left.  */
/* x86_64 only: 32-bit ARM (armv5, no unaligned access) calls memcpy rather than expanding it.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=none" } */

#include <string.h>

void
copy_16 (char *d, const char *s)
{
  memcpy (d, s, 16);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {(movl\s+\$16, %esi|mov\s+r1, #16\M)} 2 } } */
/* { dg-final { scan-assembler-not {\m(call|jmp|bl|b)\s+memcpy\M} } } */
