/* At -O3, even with the inline keyword, a static inline
   no_sanitize_address function called from an instrumented one is not
   inlined into it (it would then be instrumented): it stays a separate,
   uninstrumented function, and the caller keeps its own check.  */
/* { dg-do compile } */
/* { dg-options "-O3" } */

static inline __attribute__((no_sanitize_address)) int
nosan_callee (int *p)
{
  *p = 1;
  return p[1];
}

int
san_caller (int *p, int *q)
{
  return nosan_callee (p) + *q;
}

/* { dg-final { scan-assembler {(?n)^nosan_callee[.a-z0-9]*:} } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+nosan_callee} 1 san_caller } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 san_caller } } */
/* { dg-final { scan-assembler-times {\m__asan_(load|store)} 1 } } */
