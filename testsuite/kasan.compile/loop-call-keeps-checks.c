/* A call in the loop may free what the loop reads, or never return: the
   loop's checks stay in it, one per element.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

extern void unknown (void);

int
with_call (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      s += a[i];
      unknown ();
    }
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_loadN_noabort\M} } } */
/* { dg-final { scan-tree-dump-not {before loop} "kasan" } } */
