/* A read-modify-write *p += 1 is checked once, by the load check; the
   store to the same address is covered by it.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) void
rmw (int *p)
{
  *p += 1;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_store} } } */
