/* __asan_handle_no_return is called (once) before a call to a noreturn
   function, at run time.  */
/* { dg-do run } */
/* { dg-options "-O2" } */

#include "kasan-rt.h"

static jmp_buf env;

RT __attribute__((noreturn)) void
leave (int v)
{
  longjmp (env, v);
}

__attribute__((noinline)) void
maybe_leave (int x)
{
  if (x)
    leave (x);
}

RT int
main (void)
{
  kasan_reset ();
  if (setjmp (env) == 0)
    {
      maybe_leave (0);
      EXPECT0 ("no noreturn call made");
      maybe_leave (5);
      printf ("FAIL leave returned\n");
      return 1;
    }
  EXPECT1 ("handle_no_return before the call", 'n', 0, 0);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
