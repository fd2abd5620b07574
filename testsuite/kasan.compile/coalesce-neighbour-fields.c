/* Loads of neighbouring fields through one pointer in one block become
   one check of their union: a list_head's next and prev one 16-byte
   check, two ints and a long one 16-byte check.  Fields read from the
   higher down stay apart (the union would start at the second).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

struct list_head { struct list_head *next, *prev; };
struct pair { int a, b; long c; };

__attribute__((noinline)) struct list_head *
unlinked (struct list_head *e)
{
  struct list_head *n = e->next, *p = e->prev;
  return (struct list_head *) ((unsigned long) n ^ (unsigned long) p);
}

__attribute__((noinline)) long
sum (struct pair *p)
{
  return p->a + p->b + p->c;
}

__attribute__((noinline)) int
backwards (struct pair *p)
{
  int b = p->b;
  return b * 3 + p->a;
}

/* { dg-final { scan-assembler-func-times {\m__asan_load16_noabort\M} 1 unlinked } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load16_noabort\M} 1 sum } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 2 backwards } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 0 sum } } */
/* { dg-final { scan-tree-dump-times {covered by load 16 scalar} 3 "kasan" } } */
