/* call-threshold=3 with a function of exactly 3 checks: a function
   with >= N checks uses calls (GCC's rule); 3 >= 3, so the function uses calls.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold=3" } */

__attribute__((noinline)) int
three (int *a, int *b, int *c)
{
  return *a + *b + *c;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 3 } } */
/* { dg-final { scan-assembler-not {\m__asan_report_} } } */
