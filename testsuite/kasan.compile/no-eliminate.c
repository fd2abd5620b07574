/* no-eliminate keeps every check: two loads of the same address give two
   __asan_load4_noabort calls.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-eliminate" } */

__attribute__((noinline)) int
twice_kept (volatile int *p)
{
  return *p + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
