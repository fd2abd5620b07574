/* Inlining hazard, the other way round: an instrumented static function
   called from a no_sanitize_address one must not be inlined into it (its
   checks would be lost): it stays separate and instrumented.  */
/* { dg-do compile } */

static int
san_callee (int *p)
{
  *p = 1;
  return p[1];
}

__attribute__((no_sanitize_address)) int
nosan_caller (int *p, int *q)
{
  return san_callee (p) + *q;
}

/* { dg-final { scan-assembler {(?n)^san_callee[.a-z0-9]*:} } } */
/* { dg-final { scan-assembler-func-times {\m(call|jmp|bl|b)\s+san_callee} 1 nosan_caller } } */
/* { dg-final { scan-assembler-func-times {\m__asan_} 0 nosan_caller } } */
/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
