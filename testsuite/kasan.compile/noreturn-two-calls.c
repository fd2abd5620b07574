/* Each noreturn call gets its own __asan_handle_no_return (): two calls
   to two different noreturn functions give two.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void die1 (void) __attribute__((noreturn));
extern void die2 (int) __attribute__((noreturn));

__attribute__((noinline)) int
two_deaths (int x)
{
  if (x == 1)
    die1 ();
  if (x == 2)
    die2 (x);
  return x;
}

/* { dg-final { scan-assembler-times {\m__asan_handle_no_return\M} 2 } } */
