/* __asan_handle_no_return () is called before a call to a user
   function declared noreturn.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void die (const char *) __attribute__((noreturn));

__attribute__((noinline)) int
check_die (int x)
{
  if (x < 0)
    die ("negative");
  return x * 2;
}

/* { dg-final { scan-assembler-times {\m__asan_handle_no_return\M} 1 } } */
/* { dg-final { scan-assembler {\m__asan_handle_no_return\M[^\n]*\n((\s+|\.L[A-Za-z0-9_]+:)[^\n]*\n)*?\s+(call|jmp|bl|b)\s+die\M} } } */
