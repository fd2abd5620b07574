/* no-reads together with no-writes: no access is checked, but
   __asan_handle_no_return is still called before a noreturn call.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-reads -fplugin-arg-kasan-no-writes" } */

extern void die (void) __attribute__((noreturn));

__attribute__((noinline)) void
copy_int (int *d, int *s)
{
  *d = *s;
  if (*d)
    die ();
}

/* { dg-final { scan-assembler-not {\m__asan_(load|store)} } } */
/* { dg-final { scan-assembler-times {\m__asan_handle_no_return\M} 1 } } */
