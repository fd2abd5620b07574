/* A 64-byte struct returned in memory and assigned to *p is checked as a
   store of 64 bytes on p: __asan_storeN_noabort (p, 64).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct big { long long a[8]; };
extern struct big make (void);

__attribute__((noinline)) void
ret_mem (struct big *p)
{
  *p = make ();
}

/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load} } } */
/* { dg-final { scan-assembler {(movl\s+\$64, %esi|mov\s+r1, #64\M)} } } */
