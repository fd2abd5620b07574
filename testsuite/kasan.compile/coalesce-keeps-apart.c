/* Neighbouring accesses stay checked apart where one check of both could
   check what is not accessed, or too early: a call between them (it may
   free), a gap between them, a load and a store, different blocks.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct pair { int a, b; long long c; };
extern void unknown (void);

__attribute__((noinline)) int
call_between (struct pair *p)
{
  int a = p->a;
  unknown ();
  return a + p->b;
}

__attribute__((noinline)) long long
gap (struct pair *p)
{
  return p->a + p->c;
}

__attribute__((noinline)) void
load_then_store (struct pair *p)
{
  p->b = p->a;
}

__attribute__((noinline)) int
other_block (struct pair *p, int x)
{
  int s = p->a;
  if (x)
    s += p->b;
  return s;
}

/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 2 call_between } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 gap } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load8_noabort\M} 1 gap } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 load_then_store } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store4_noabort\M} 1 load_then_store } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 2 other_block } } */
