/* A loop walking an array downwards has its stores checked once, as one
   range before the loop, like one walking upwards.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-loop-distribute-patterns -fplugin-arg-kasan-dump" } */

void
fill_down (long *a, int n, long v)
{
  for (int i = n - 1; i >= 0; i--)
    a[i] = v + i;
}

/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_store8_noabort\M} } } */
/* { dg-final { scan-tree-dump-times {kasan: range before loop store} 1 "kasan" } } */
