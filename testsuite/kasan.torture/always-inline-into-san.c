/* An always_inline no_sanitize_address helper inlined into an
   instrumented function takes the caller's policy: its access is
   checked.  */
/* { dg-do compile } */

static inline __attribute__((always_inline, no_sanitize_address)) int
nosan_helper (int *p)
{
  return *p + 1;
}

int
san_user (int *p)
{
  return nosan_helper (p);
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\mnosan_helper\M} } } */
