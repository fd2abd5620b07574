/* Inline: a loop that makes a call is not copied into windows: the callee
   may free what a window's test found accessible.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-dump" } */

void touch (void);

unsigned long
match_length (const unsigned char *a, const unsigned char *b)
{
  unsigned long len = 0;
  while (len < 258 && a[len] == b[len])
    {
      touch ();
      len++;
    }
  return len;
}

/* { dg-final { scan-tree-dump-not {loops windowed} "kasan" } } */
