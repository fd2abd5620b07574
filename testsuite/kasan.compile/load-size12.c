/* A 12-byte access (struct of int[3]) is checked with
   __asan_loadN_noabort (addr, 12).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct s12 { int a[3]; };

__attribute__((noinline)) struct s12
load12 (struct s12 *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler {(movl\s+\$12, %esi|mov\s+r1, #12\M)} } } */
