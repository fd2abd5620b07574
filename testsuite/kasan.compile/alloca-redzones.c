/* With stack, an alloca and a VLA get redzones: each allocation is
   poisoned by __asan_alloca_poison, and the dynamic area is unpoisoned by
   __asan_allocas_unpoison before the function returns.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "native needs asan-stack and asan-instrument-allocas" } */

extern void use (char *);
extern volatile int n;

__attribute__ ((noinline)) char
vla (int i)
{
  char a[n];
  use (a);
  return ((volatile char *) a)[i];
}

__attribute__ ((noinline)) char
with_alloca (int i)
{
  char *a = __builtin_alloca (n);
  use (a);
  return ((volatile char *) a)[i];
}

/* { dg-final { scan-assembler-func-times {\m__asan_alloca_poison\M} 1 vla } } */
/* { dg-final { scan-assembler-func-times {\m__asan_allocas_unpoison\M} 1 vla } } */
/* { dg-final { scan-assembler-func-times {\m__asan_alloca_poison\M} 1 with_alloca } } */
/* { dg-final { scan-assembler-func-times {\m__asan_allocas_unpoison\M} 1 with_alloca } } */
