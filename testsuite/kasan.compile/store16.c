/* A 16-byte aligned store through a pointer is checked, outline by
   default, with one call to __asan_store16_noabort and no other check.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2" } */

__attribute__((noinline)) void
store16 (__int128 *p, __int128 v)
{
  *p = v;
}

/* { dg-final { scan-assembler-times {\m__asan_store16_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
