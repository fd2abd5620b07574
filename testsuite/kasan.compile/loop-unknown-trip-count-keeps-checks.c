/* A loop that ends at a value it reads has no trip count: how far it
   reads is not known before it runs, so its checks stay in it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

int
until_zero (const int *a)
{
  int s = 0;
  for (int i = 0; a[i]; i++)
    s += a[i];
  return s;
}

/* { dg-final { scan-assembler-not {\m__asan_loadN_noabort\M} } } */
/* { dg-final { scan-tree-dump-not {before loop} "kasan" } } */
