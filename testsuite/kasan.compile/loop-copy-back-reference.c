/* An LZ back-reference copy, out[o] = out[o - dist] for len bytes: after
   ivopts the store is MEM[iv + dist], an induction variable plus an
   invariant.  Both the load and the store are affine and are checked once
   each before the loop, with no check per byte.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

void
copy_match (unsigned char *out, unsigned long o, unsigned long dist,
	    unsigned long len)
{
  for (unsigned long k = 0; k < len; k++, o++)
    out[o] = out[o - dist];
}

/* { dg-final { scan-tree-dump-times {kasan: range before loop load} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: range before loop store} 1 "kasan" } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)1_noabort\M} } } */
