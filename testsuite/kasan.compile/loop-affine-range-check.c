/* A load at i of an array walked by a loop with a known trip count, and
   no call or volatile access in it, is checked once before the loop: one
   range check of the n elements, no check per element.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

int
sum_array (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load4_noabort\M} } } */
/* { dg-final { scan-tree-dump-times {kasan: range before loop load} 1 "kasan" } } */
