/* Without -fplugin-arg-kasan-version-loops no loop is versioned: mainline's
   runtime has no __kasan_range_accessible.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

unsigned long
match_length (const unsigned char *a, const unsigned char *b)
{
  unsigned long len = 0;
  while (len < 258 && a[len] == b[len])
    len++;
  return len;
}

/* { dg-final { scan-tree-dump-not {loops versioned} "kasan" } } */
/* { dg-final { scan-assembler-not {\m__kasan_range_accessible\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 2 } } */
