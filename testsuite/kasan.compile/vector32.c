/* A 32-byte vector is larger than 16 bytes: the copy is checked with the
   N variants, __asan_loadN_noabort (s, 32) and __asan_storeN_noabort
   (d, 32), never with 16-byte checks.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

typedef int v8si __attribute__((vector_size (32)));

__attribute__((noinline)) void
vcopy32 (v8si *d, v8si *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)16} } } */
/* { dg-final { scan-assembler-times {(movl\s+\$32, %esi|mov\s+r1, #32\M)} 2 } } */
