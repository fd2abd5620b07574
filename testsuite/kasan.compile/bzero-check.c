/* bzero of variable size is checked as a store range:
   __asan_storeN_noabort (d, n).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC does not check bzero/memset ranges" } */

void
zero_n (char *d, __SIZE_TYPE__ n)
{
  __builtin_bzero (d, n);
}

/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load} } } */
