/* A no_sanitize_address function gets no __asan_handle_no_return before
   a noreturn call either; an ordinary one does.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void die (void) __attribute__((noreturn));

__attribute__((noinline, no_sanitize_address)) int
quiet (int x)
{
  if (x)
    die ();
  return x;
}

__attribute__((noinline)) int
loud (int x)
{
  if (x)
    die ();
  return x;
}

/* { dg-final { scan-assembler-func-times {\m__asan_handle_no_return\M} 0 quiet } } */
/* { dg-final { scan-assembler-func-times {\m__asan_handle_no_return\M} 1 loud } } */
