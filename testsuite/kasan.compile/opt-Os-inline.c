/* Inline mode works at -Os.  */
/* { dg-do compile } */
/* { dg-options "-Os -fplugin-arg-kasan-inline" } */

void
st2 (short *p)
{
  *p = 7;
}

/* { dg-final { scan-assembler-times {\m__asan_report_store2_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_store2_noabort\M} } } */
/* { dg-final { scan-assembler {shrq\s+\$3,} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {lsr\s+r[0-9]+, r[0-9]+, #3\M} { target arm*-*-* } } } */
