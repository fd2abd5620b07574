/* A 4-byte aligned store through a pointer is checked, outline by
   default, with one call to __asan_store4_noabort and no other check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) void
store4 (int *p, int v)
{
  *p = v;
}

/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
