/* call-threshold=0: every function has >= 0 checks, so all use calls.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-call-threshold=0" } */

__attribute__((noinline)) int
zero_thr (int *a)
{
  return *a;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_report_} } } */
