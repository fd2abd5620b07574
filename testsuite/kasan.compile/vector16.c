/* A 16-byte vector load is a scalar 16-byte check: __asan_load16_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

typedef int v4si __attribute__((vector_size (16)));

__attribute__((noinline)) v4si
vload16 (v4si *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load16_noabort\M} 1 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 { target arm*-*-* } } } */
/* { dg-final { scan-assembler {mov\s+r1, #16\M} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
