/* A check dominated by a check of the same address, with no call in
   between, is removed even across a conditional: *p is checked once,
   *q once.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
join (volatile int *p, int *q, int c)
{
  int x = *p;
  if (c)
    *q = 1;
  return x + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
