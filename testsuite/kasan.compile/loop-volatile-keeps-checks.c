/* A loop waiting on a volatile flag waits for another CPU, which may free
   what the loop reads meanwhile: every iteration keeps its checks.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

int
spin (volatile int *flag, const int *q)
{
  int s = 0;
  while (!*flag)
    s += *q;
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
/* { dg-final { scan-tree-dump-not {before loop} "kasan" } } */
