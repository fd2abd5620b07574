/* An invariant check in a loop with an inner loop moves before the outer
   loop when GCC bounds the inner loop's iterations.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

void
chains (int *out, const unsigned char *a, const int *limit, int n)
{
  /* The store to out[c] may change *limit: GCC cannot move the load.  */
  for (int c = 0; c < n; c++)
    {
      int len = 0;

      while (len < 16 && a[len] == a[len + c])
	len++;
      out[c] = len + *limit;
    }
}

/* { dg-final { scan-tree-dump {invariant before loop load 4 scalar at limit_[0-9]+\(D\)} "kasan" } } */
