/* A store check covers a later load of the same address (access type is
   ignored): one __asan_store4_noabort, no load check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
store_load (volatile int *p)
{
  *p = 3;
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load} } } */
