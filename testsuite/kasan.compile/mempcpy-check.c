/* mempcpy of variable size is checked like memcpy: __asan_loadN_noabort
   (s, n) and __asan_storeN_noabort (d, n).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

void *
pcopy_n (char *d, const char *s, __SIZE_TYPE__ n)
{
  return __builtin_mempcpy (d, s, n);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
