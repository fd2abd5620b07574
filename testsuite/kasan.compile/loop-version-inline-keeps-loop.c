/* In a function with inline checks no loop is versioned: an inline check
   costs about what the range test does.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

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
