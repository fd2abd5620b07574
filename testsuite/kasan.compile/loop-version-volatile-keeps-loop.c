/* A volatile access may be another CPU's object changing under the loop:
   the loop is not versioned, its checks stay.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

unsigned long
match_length (const volatile unsigned char *a, const unsigned char *b)
{
  unsigned long len = 0;
  while (len < 258 && a[len] == b[len])
    len++;
  return len;
}

/* { dg-final { scan-tree-dump-not {loops versioned} "kasan" } } */
/* { dg-final { scan-assembler-not {\m__kasan_range_accessible\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 2 } } */
