/* A 4-byte int at offset 1 of a packed struct is under-aligned, so it is
   checked with __asan_loadN_noabort (p + 1, 4), not __asan_load4.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct __attribute__((packed)) pk { char c; int i; };

__attribute__((noinline)) int
packed_load (struct pk *p)
{
  return p->i;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load4} } } */
/* { dg-final { scan-assembler {(movl\s+\$4, %esi|mov\s+r1, #4\M)} } } */
