/* Inline checks with no-recover call the report functions without
   _noabort: __asan_report_load4, __asan_report_store1.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-no-recover" } */

__attribute__((noinline)) int
nri_load4 (int *p)
{
  return *p;
}

__attribute__((noinline)) void
nri_store1 (char *p)
{
  *p = 1;
}

/* { dg-final { scan-assembler-times {\m__asan_report_load4\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_report_store1\M} 1 } } */
/* { dg-final { scan-assembler-not {_noabort} } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)[0-9N]} } } */
