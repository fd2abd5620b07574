/* Reading a bitfield checks its representative unit (here the 4-byte
   word holding the 20-bit field): __asan_load4_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct bf { unsigned a : 3; unsigned b : 20; };

__attribute__((noinline)) int
bf_load (struct bf *p)
{
  return p->b;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
