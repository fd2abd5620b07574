/* A 40-bit field after a char has a 5-byte representative at offset 1:
   checked with __asan_loadN_noabort (p + 1, 5).  */
/* x86_64 only: a 40-bit bit-field needs a 64-bit long.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2" } */

struct bf { char c; unsigned long x : 40; };

__attribute__((noinline)) unsigned long
bf_load5 (struct bf *p)
{
  return p->x;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler {(movl\s+\$5, %esi|mov\s+r1, #5\M)} } } */
/* { dg-final { scan-assembler {leaq\s+1\(%rdi\), %rdi} } } */
