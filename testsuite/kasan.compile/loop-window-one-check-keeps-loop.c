/* Inline: a loop with one check is not copied into windows: the copy's
   iteration counter would cost what the check does.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-dump" } */

unsigned long
length (const char *s)
{
  unsigned long n = 0;
  while (s[n])
    n++;
  return n;
}

/* { dg-final { scan-tree-dump-not {loops windowed} "kasan" } } */
