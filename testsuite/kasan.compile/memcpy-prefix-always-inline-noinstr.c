/* mem-intrinsics=prefix: an always_inline helper's memcpy follows the
   function it is inlined into: not renamed in a noinstr function,
   renamed in an ordinary one.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */

#include <string.h>

static inline __attribute__((always_inline)) void
copy_helper (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

__attribute__((noinline, no_sanitize_address, section (".noinstr.text"))) void
entry_copy (char *d, const char *s, size_t n)
{
  copy_helper (d, s, n);
}

void
ordinary_copy (char *d, const char *s, size_t n)
{
  copy_helper (d, s, n);
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 entry_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+memcpy\M} 1 entry_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+__asan_memcpy\M} 1 ordinary_copy } } */
