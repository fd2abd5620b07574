/* A search loop with a second exit may stop before the end: a range of
   all n elements would check bytes it never reads.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

int
find (const int *a, int n, int key)
{
  for (int i = 0; i < n; i++)
    if (a[i] == key)
      return i;
  return -1;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_loadN_noabort\M} } } */
/* { dg-final { scan-tree-dump-not {before loop} "kasan" } } */
