/* A loop that stops at the first difference, within a bound its exits
   give (len < 258; i + len < n), is versioned: a test of the bytes it
   could read within the bound, then a copy without checks if they are
   accessible, else the loop with its checks.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version-loops -fplugin-arg-kasan-dump" } */

unsigned long
match_length (const unsigned char *a, const unsigned char *b)
{
  unsigned long len = 0;
  while (len < 258 && a[len] == b[len])
    len++;
  return len;
}

unsigned long
match_at (const unsigned char *in, unsigned long i, unsigned long cand,
	  unsigned long n)
{
  unsigned long len = 0;
  while (i + len < n && len < 258 && in[cand + len] == in[i + len])
    len++;
  return len;
}

/* { dg-final { scan-tree-dump-times {kasan: match_length: 1 loops versioned} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: match_at: 1 loops versioned} 1 "kasan" } } */
/* { dg-final { scan-assembler-times {\m__kasan_range_accessible\M} 4 } } */
/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 4 } } */
