/* An inner loop that GCC cannot bound may never end: an invariant check
   behind it stays in the outer loop, as the first iteration might never
   reach it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

void
chains (int *out, const unsigned char *a, const int *limit, int n)
{
  /* The store to out[c] may change *limit: GCC cannot move the load.  */
  for (int c = 0; c < n; c++)
    {
      unsigned long len = c;

      while (a[len] != 0)
	len += a[len];
      out[c] = len + *limit;
    }
}

/* { dg-final { scan-tree-dump-not {invariant before loop load 4 scalar at limit_} "kasan" } } */
/* { dg-final { scan-tree-dump {check load 4 scalar at limit_[0-9]+\(D\)} "kasan" } } */
