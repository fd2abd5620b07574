/* mem-intrinsics=prefix-variable: a memcpy of constant length keeps its
   name and is checked before the call, as with check: GCC may copy it
   inline, where no __asan_memcpy would see it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-mem-intrinsics=prefix-variable" } */

#include <string.h>

void
copy_300 (char *d, const char *s)
{
  memcpy (d, s, 300);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_memcpy\M} } } */
