/* The threshold counts the checks left after redundancy elimination: *a
   is read twice (volatile) but checked once, so 3 checks remain and
   call-threshold=4 selects inline code.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold=4" } */

__attribute__((noinline)) int
four_reads (volatile int *a, int *b, int *c)
{
  return *a + *b + *c + *a;
}

/* { dg-final { scan-assembler-times {\m__asan_report_load4_noabort\M} 3 } } */
/* { dg-final { scan-assembler-not {\m__asan_load4_noabort\M} } } */
