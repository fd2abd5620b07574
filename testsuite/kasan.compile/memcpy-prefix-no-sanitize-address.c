/* mem-intrinsics=prefix: a function with no_sanitize_address and no
   section of its own is not instrumented, so its memcpy is not renamed
   either (GCC 13's asan-kernel-mem-intrinsic-prefix asks the same
   sanitize_flags_p() of the function); an ordinary function's is.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */

#include <string.h>

__attribute__((noinline, no_sanitize_address)) void
exempt_copy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

void
ordinary_copy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 exempt_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+memcpy\M} 1 exempt_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+__asan_memcpy\M} 1 ordinary_copy } } */
