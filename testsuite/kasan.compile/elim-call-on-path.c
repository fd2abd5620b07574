/* A possibly-freeing call on one path between the dominating check and
   the later access keeps the later check: two checks of *p.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void unknown (void);

__attribute__((noinline)) int
call_on_path (volatile int *p, int c)
{
  int x = *p;
  if (c)
    unknown ();
  return x + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
