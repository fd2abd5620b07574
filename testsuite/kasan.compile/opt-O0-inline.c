/* Inline mode works at -O0: report calls, shadow offset, no check calls.  */
/* { dg-do compile } */
/* { dg-options "-O0 -fplugin-arg-kasan-inline" } */

int
ld2 (short *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_report_load2_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load2_noabort\M} } } */
/* { dg-final { scan-assembler {movabsq\s+\$-2305847407260205056,} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {add\s+r[0-9]+, r[0-9]+, #1593835520\M} { target arm*-*-* } } } */
