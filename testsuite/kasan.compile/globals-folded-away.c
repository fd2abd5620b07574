/* A static global chosen for protection whose every use folds away after
   the IPA passes must still be defined: the descriptors refer to it.  */
/* { dg-do link } */
/* { dg-options "-O2 -fplugin-arg-kasan-globals" } */

extern void abort (void);
static char arg0[] = "arg0";

static __attribute__ ((noinline)) void
check (char *p)
{
  if (p != arg0)
    abort ();
}

void __asan_register_globals (unsigned long g, unsigned long n) {}
void __asan_unregister_globals (unsigned long g, unsigned long n) {}
void __asan_handle_no_return (void) {}

int
main (void)
{
  check (arg0);
  return 0;
}
