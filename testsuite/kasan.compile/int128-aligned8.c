/* A 16-byte access that is 8-byte aligned stays a scalar 16-byte check on
   x86-64 (no strict alignment): __asan_load16_noabort.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2" } */

typedef __int128 i128a8 __attribute__((aligned (8)));

__attribute__((noinline)) __int128
load_i128a8 (i128a8 *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load16_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_loadN} } } */
