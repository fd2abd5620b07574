/* long double has size 16 on x86-64 and is checked as such:
   __asan_load16_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) long double
load_ld (long double *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load16_noabort\M} 1 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_load8_noabort\M} 1 { target arm*-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
