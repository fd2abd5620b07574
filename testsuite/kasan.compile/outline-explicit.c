/* outline (the default) given explicitly: calls only, no inline code.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-outline" } */

__attribute__((noinline)) int
expl_outline (int *a, char *b)
{
  return *a + *b;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_report_} } } */
/* { dg-final { scan-assembler-not {movabsq\s+\$-2305847407260205056,} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-not {add\s+r[0-9]+, r[0-9]+, #1593835520\M} { target arm*-*-* } } } */
