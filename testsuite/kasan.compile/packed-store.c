/* A store of a long at offset 1 of a packed struct is under-aligned:
   __asan_storeN_noabort (p + 1, 8).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct __attribute__((packed)) pk { char c; long long l; };

__attribute__((noinline)) void
packed_store (struct pk *p, long long v)
{
  p->l = v;
}

/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_store8} } } */
/* { dg-final { scan-assembler {(movl\s+\$8, %esi|mov\s+r1, #8\M)} } } */
