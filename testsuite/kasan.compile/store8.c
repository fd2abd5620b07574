/* A 8-byte aligned store through a pointer is checked, outline by
   default, with one call to __asan_store8_noabort and no other check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) void
store8 (long long *p, long long v)
{
  *p = v;
}

/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
