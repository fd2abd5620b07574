/* With _FORTIFY_SOURCE, memcpy into an object of known size becomes
   __memcpy_chk; it is range-checked like memcpy: __asan_loadN_noabort
   and __asan_storeN_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2 -D_FORTIFY_SOURCE=2" } */
/* { dg-kasan-native-skip "native GCC does not check memcpy ranges" } */

#include <string.h>

struct obj { char name[32]; int tag; };

void
set_name (struct obj *o, const char *s, size_t n)
{
  memcpy (o->name, s, n);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
