/* mem-intrinsics=prefix: a function that is in .noinstr.text by its
   section alone, without no_sanitize_address, is exempt like every
   function there, so its memcpy is not renamed: objtool checks the
   calls out of the section, whatever the attributes were.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix" } */
/* { dg-kasan-native-skip "native GCC instruments these sections" } */

#include <string.h>

__attribute__((noinline, section (".noinstr.text"))) void
section_copy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

void
ordinary_copy (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 section_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+memcpy\M} 1 section_copy } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+__asan_memcpy\M} 1 ordinary_copy } } */
