/* Strict alignment (ARM, here armv5te, which has no unaligned word
   stores): the frame is aligned to 32 bytes, as native GCC aligns it,
   so the shadow of each 32 bytes is an aligned word, and the stores that
   poison and clear it are typed so: word stores (str, or stm for two),
   never four strb each.  Native GCC: three str to poison, three to
   clear, no strb.  */
/* { dg-do compile { target arm*-*-* } } */
/* { dg-options "-O2 -march=armv5te -marm -fplugin-arg-kasan-stack" } */

extern void use (void *);

char
two_locals (int i)
{
  char a[10];
  int b[2];
  use (a);
  use (b);
  return a[i] + b[i];
}

/* { dg-final { scan-assembler-not {\tstrb\t} } } */
/* The frame's base is rounded to 32 bytes.  */
/* { dg-final { scan-assembler {\tbic\tr[0-9]+, r[0-9]+, #31\n} } } */
