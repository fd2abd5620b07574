/* A function in some other section (".text.hot.foo", ".init.text") is
   instrumented; only .noinstr.text and .entry.text are exempt.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline, section (".init.text"))) int
init_fn (int *p)
{
  return *p;
}

__attribute__((noinline, section (".text.foo"))) void
text_foo (long long *p)
{
  *p = 0;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
