/* A loop that only ends on its data (a terminator) has no bound to test
   a range by: it is not versioned, its check stays.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

unsigned long
length (const unsigned char *s)
{
  unsigned long len = 0;
  while (s[len])
    len++;
  return len;
}

/* { dg-final { scan-tree-dump-not {loops versioned} "kasan" } } */
/* { dg-final { scan-assembler-not {\m__kasan_range_accessible\M} } } */
/* { dg-final { scan-assembler {\m__asan_load1_noabort\M} } } */
