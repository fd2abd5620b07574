/* inline alone uses the default call threshold of 7000: a function with
   a handful of checks is inline, and the dump says so.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-dump" } */

__attribute__((noinline)) int
few (int *a, long *b, short *c)
{
  return *a + *b + *c;
}

/* { dg-final { scan-assembler-times {\m__asan_report_load(2|4|8)_noabort\M} 3 } } */
/* { dg-final { scan-tree-dump {kasan: few: 3 checks \(3 loads, 0 stores\), 0 removed, inline} "kasan" } } */
