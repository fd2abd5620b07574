/* Writing a bitfield checks its representative unit as a store (the
   read-modify-write of the word gives one check): __asan_store4_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct bf { unsigned a : 3; unsigned b : 20; };

__attribute__((noinline)) void
bf_store (struct bf *p, int v)
{
  p->b = v;
}

/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_loadN} } } */
/* { dg-final { scan-assembler-not {\m__asan_load[1248]_} } } */
