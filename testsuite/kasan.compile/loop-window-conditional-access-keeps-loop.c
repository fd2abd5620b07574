/* Inline: a loop with a check that does not run in every iteration is not
   copied into windows.  A window's test reads the shadow of each check's
   next access; one the loop might never make may be a wild pointer, whose
   shadow may not be mapped.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-dump" } */

long
sum_marked (const unsigned char *flag, const long *a, const long *b, int n)
{
  long s = 0;
  for (int i = 0; i < n && flag[i] != 0xff; i++)
    if (flag[i])
      s += a[i] + b[i];
  return s;
}

/* { dg-final { scan-tree-dump-not {loops windowed} "kasan" } } */
