/* __builtin_unreachable () is not a real call: no __asan_handle_no_return.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
check_unreachable (int x, int *p)
{
  if (x > 10)
    __builtin_unreachable ();
  return *p + x;
}

/* { dg-final { scan-assembler-not {\m__asan_handle_no_return\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
