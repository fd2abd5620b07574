/* mem-intrinsics=prefix: in a function marked the way the kernel's noinstr
   marks it (section ".noinstr.text", no_sanitize_address, notrace, no
   profiling), memcpy, memset and memmove keep their names: objtool
   allows calls out of .noinstr.text to the kernel's memcpy, which lives
   in .noinstr.text, and not to __asan_memcpy.  An ordinary function's
   memcpy in the same file is renamed (prefix mode is on).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */

#include <string.h>

#define noinstr __attribute__((noinline, no_instrument_function, \
	no_profile_instrument_function, no_sanitize_address, \
	section (".noinstr.text")))

noinstr void
entry_copy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
  memset (d + n, 0, n);
  memmove (d + 1, d, n);
}

void
ordinary_copy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 entry_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+memcpy\M} 1 entry_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+memset\M} 1 entry_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+memmove\M} 1 entry_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+__asan_memcpy\M} 1 ordinary_copy } } */
