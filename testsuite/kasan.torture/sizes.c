/* Loads and stores of 1, 2, 4, 8 and 16 bytes (no 16-byte integer on
   32-bit ARM) get the matching outline
   check at every optimisation level.  */
/* { dg-do compile } */

#define LS(T, N)						\
  __attribute__((noinline)) T ld##N (T *p) { return *p; }	\
  __attribute__((noinline)) void st##N (T *p, T v) { *p = v; }

LS (signed char, 1)
LS (short, 2)
LS (int, 4)
LS (long long, 8)
#ifdef __SIZEOF_INT128__
LS (__int128, 16)
#endif

/* { dg-final { scan-assembler-func-times {\m__asan_load1_noabort\M} 1 ld1 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load2_noabort\M} 1 ld2 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 ld4 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load8_noabort\M} 1 ld8 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load16_noabort\M} 1 ld16 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store1_noabort\M} 1 st1 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store2_noabort\M} 1 st2 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store4_noabort\M} 1 st4 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store8_noabort\M} 1 st8 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store16_noabort\M} 1 st16 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 10 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 8 { target arm*-*-* } } } */
