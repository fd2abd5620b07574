/* An aggregate assignment is checked store first, then load, as native
   GCC does: __asan_storeN_noabort (d, 12) before __asan_loadN_noabort
   (s, 12).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct s12 { int a[3]; };

__attribute__((noinline)) void
copy12 (struct s12 *d, struct s12 *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler {\m__asan_storeN_noabort\M.*\m__asan_loadN_noabort\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_loadN_noabort\M.*\m__asan_storeN_noabort\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 2 } } */
