/* In inline mode, memcpy's ranges are still checked by calls: the kernel
   copies to addresses without shadow (text_poke into a temporary user
   mapping), which the runtime's range check tolerates and an inline
   shadow load would fault on.  Ordinary accesses stay inline.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline" } */
/* { dg-kasan-native-skip "GCC leaves memcpy to the runtime" } */

__attribute__ ((noinline)) void
copy (char *d, const char *s, unsigned long n)
{
  __builtin_memcpy (d, s, n);
}

__attribute__ ((noinline)) int
load (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_loadN_noabort\M} 1 copy } } */
/* { dg-final { scan-assembler-func-times {\m__asan_storeN_noabort\M} 1 copy } } */
/* { dg-final { scan-assembler-not {\m__asan_report_(load|store)_n_noabort\M} } } */
/* { dg-final { scan-assembler-func-times {\m__asan_report_load4_noabort\M} 1 load } } */
