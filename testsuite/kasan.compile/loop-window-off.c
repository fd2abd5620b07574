/* -fplugin-arg-kasan-no-window-loops: the match loop keeps its checks in
   every iteration and is not copied.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-no-window-loops -fplugin-arg-kasan-dump" } */

unsigned long
match_length (const unsigned char *a, const unsigned char *b)
{
  unsigned long len = 0;
  while (len < 258 && a[len] == b[len])
    len++;
  return len;
}

/* { dg-final { scan-tree-dump-not {loops windowed} "kasan" } } */
/* { dg-final { scan-assembler-times {\m__asan_report_load1_noabort\M} 2 } } */
