/* A 3-byte access (struct of char[3]) is not a power of two: it is checked
   with __asan_loadN_noabort (addr, 3).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct s3 { char c[3]; };

__attribute__((noinline)) struct s3
load3 (struct s3 *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler {(movl\s+\$3, %esi|mov\s+r1, #3\M)} } } */
