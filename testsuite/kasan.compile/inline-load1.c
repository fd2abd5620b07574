/* In inline mode a 1-byte load is checked by inline shadow code: the
   shadow address (addr >> 3) + 0xdffffc0000000000 (the movabsq below) and
   a cold call to __asan_report_load1_noabort; no outline call.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline" } */

__attribute__((noinline)) signed char
inline_load1 (signed char *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_report_load1_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load1_noabort\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)([0-9]+|N)(_noabort)?\M} } } */
/* { dg-final { scan-assembler {movabsq\s+\$-2305847407260205056,} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {add\s+r[0-9]+, r[0-9]+, #1593835520\M} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {shrq\s+\$3,} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {lsr\s+r[0-9]+, r[0-9]+, #3\M} { target arm*-*-* } } } */
