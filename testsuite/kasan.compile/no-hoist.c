/* -fplugin-arg-kasan-no-hoist keeps a loop's checks in the loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-hoist -fplugin-arg-kasan-dump" } */

int
sum_array (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_loadN_noabort\M} } } */
/* { dg-final { scan-tree-dump-not {before loop} "kasan" } } */
