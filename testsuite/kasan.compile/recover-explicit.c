/* recover is the default; giving it explicitly keeps the _noabort names.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-recover" } */

__attribute__((noinline)) int
r_load2 (short *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load2_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load2\M} } } */
