/* shadow-offset=0x7fff8000 (hexadecimal) replaces the default offset in
   the inline shadow address computation: 2147450880 appears in the code,
   the kernel default -2305847407260205056 does not.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */

__attribute__((noinline)) long long
so_hex (long long *p)
{
  return *p;
}

/* { dg-final { scan-assembler {\m2147450880\M} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {add\s+(r[0-9]+), \1, #-2147483648\s+sub\s+\1, \1, #32768\M} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-not {2305847407260205056} } } */
/* { dg-final { scan-assembler-times {\m__asan_report_load8_noabort\M} 1 } } */
