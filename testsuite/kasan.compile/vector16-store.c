/* A 16-byte vector store is a scalar 16-byte check: __asan_store16_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

typedef int v4si __attribute__((vector_size (16)));

__attribute__((noinline)) void
vstore16 (v4si *p, v4si v)
{
  *p = v;
}

/* { dg-final { scan-assembler-times {\m__asan_store16_noabort\M} 1 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_storeN_noabort\M} 1 { target arm*-*-* } } } */
/* { dg-final { scan-assembler {mov\s+r1, #16\M} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
