/* Volatile accesses are checked like ordinary ones; two volatile loads
   of different locations give two checks.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
vload (volatile int *p, volatile int *q)
{
  return *p + *q;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 2 } } */
