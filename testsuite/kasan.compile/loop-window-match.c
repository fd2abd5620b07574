/* Inline: a loop that stops at the first difference runs in windows.  A
   copy without checks runs while an inline test of the next iterations'
   shadow finds it clear; the loop with its checks takes over when not.
   The checked loop keeps both of its checks.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-dump" } */

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

/* { dg-final { scan-tree-dump-times {kasan: match_length: 1 loops windowed} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: match_at: 1 loops windowed} 1 "kasan" } } */
/* { dg-final { scan-assembler-times {\m__asan_report_load1_noabort\M} 4 } } */
/* { dg-final { scan-assembler-not {\m__kasan_range_accessible\M} } } */
