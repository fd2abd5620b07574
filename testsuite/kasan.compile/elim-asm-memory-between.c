/* An asm volatile with a "memory" clobber between two accesses to the
   same address keeps both checks (the plugin treats it like a call;
   native GCC's asan pass does not).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC removes the second check" } */

__attribute__((noinline)) int
asm_between (int *p)
{
  int x = *p;
  __asm__ volatile ("" ::: "memory");
  return x + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
