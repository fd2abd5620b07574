/* An always_inline helper is inlined even across policies and takes the
   caller's policy: inlined into a no_sanitize_address function it gets
   no checks.  */
/* { dg-do compile } */

static inline __attribute__((always_inline)) int
helper (int *p)
{
  return *p + 1;
}

__attribute__((no_sanitize_address)) int
nosan_user (int *p)
{
  return helper (p);
}

/* Control: inlined into an instrumented function, it is checked.  */
int
san_user (int *p)
{
  return helper (p);
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 nosan_user } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 san_user } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler-not {\mhelper\M} } } */
