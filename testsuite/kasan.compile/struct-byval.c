/* A 64-byte struct passed by value (in memory) is checked as a load of
   the source: __asan_loadN_noabort (p, 64).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct big { long long a[8]; };
extern void take (struct big);

__attribute__((noinline)) void
pass_byval (struct big *p)
{
  take (*p);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler {(movl\s+\$64, %esi|mov\s+r1, #64\M)} } } */
