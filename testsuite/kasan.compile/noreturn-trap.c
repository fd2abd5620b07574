/* __builtin_trap () does not get __asan_handle_no_return () before it.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
check_trap (int x, int *p)
{
  if (x > 10)
    __builtin_trap ();
  return *p + x;
}

/* { dg-final { scan-assembler-not {\m__asan_handle_no_return\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler {\mud2\M} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.inst\s+0xe7f000f0\M} { target arm*-*-* } } } */
