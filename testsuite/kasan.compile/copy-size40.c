/* A 40-byte aggregate copy *d = *s is checked as one store of 40 bytes on
   d and one load of 40 bytes on s, with the N variants.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct s40 { char c[40]; };

__attribute__((noinline)) void
copy40 (struct s40 *d, struct s40 *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 2 } } */
/* { dg-final { scan-assembler-times {(movl\s+\$40, %esi|mov\s+r1, #40\M)} 2 } } */
