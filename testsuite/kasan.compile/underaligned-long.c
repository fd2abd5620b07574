/* A long that is only 4-byte aligned (aligned attribute on a typedef) is
   checked with the N variant: __asan_loadN_noabort (p, 8).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

typedef long long long4 __attribute__((aligned (4)));

__attribute__((noinline)) long long
load_long4 (long4 *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load8} } } */
/* { dg-final { scan-assembler {(movl\s+\$8, %esi|mov\s+r1, #8\M)} } } */
