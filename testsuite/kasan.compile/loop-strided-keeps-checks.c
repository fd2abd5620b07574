/* Every other element: a range from the first to the last would check
   the elements between, which the loop never reads (in a real kernel,
   perhaps another object's redzone).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

long long
strided (const long long *a, int n)
{
  long long s = 0;
  for (int i = 0; i < n; i++)
    s += a[2 * i];
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_load8_noabort\M} 1 } } */
/* { dg-final { scan-tree-dump-not {before loop} "kasan" } } */
