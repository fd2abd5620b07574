/* Bitfields a:3 and b:13 fit in 16 bits, so their representative is a
   2-byte unit: reading b is checked with __asan_load2_noabort, writing it
   with __asan_store2_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct bf { int a : 3; int b : 13; };

__attribute__((noinline)) int
bf_load2 (struct bf *p)
{
  return p->b;
}

__attribute__((noinline)) void
bf_store2 (struct bf *p, int v)
{
  p->b = v;
}

/* { dg-final { scan-assembler-func-times {\m__asan_load2_noabort\M} 1 bf_load2 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store2_noabort\M} 1 bf_store2 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 2 } } */
