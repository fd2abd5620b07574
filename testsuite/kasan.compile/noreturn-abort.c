/* __asan_handle_no_return () is called before a call to abort ().  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void abort (void) __attribute__((noreturn));

__attribute__((noinline)) int
check_abort (int x)
{
  if (x > 10)
    abort ();
  return x;
}

/* { dg-final { scan-assembler-times {\m__asan_handle_no_return\M} 1 } } */
/* { dg-final { scan-assembler {\m__asan_handle_no_return\M[^\n]*\n((\s+|\.L[A-Za-z0-9_]+:)[^\n]*\n)*?\s+(call|jmp|bl|b)\s+abort\M} } } */
