/* With AVX a 32-byte vector load is a single access and is still checked
   with the N variant: __asan_loadN_noabort (p, 32).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -mavx2" } */

typedef int v8si __attribute__((vector_size (32)));

__attribute__((noinline)) v8si
vload32 (v8si *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler {(movl\s+\$32, %esi|mov\s+r1, #32\M)} } } */
