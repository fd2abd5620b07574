/* The call threshold is decided per function: with call-threshold=2 a
   function with 2 checks uses calls, one with a single check in the
   same file is checked inline.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold=2" } */

__attribute__((noinline)) int
two (int *a, int *b)
{
  return *a + *b;
}

__attribute__((noinline)) int
one (int *a)
{
  return *a;
}

/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 2 two } } */
/* { dg-final { scan-assembler-func-times {\m__asan_report_} 0 two } } */
/* { dg-final { scan-assembler-func-times {\m__asan_report_load4_noabort\M} 1 one } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 0 one } } */
