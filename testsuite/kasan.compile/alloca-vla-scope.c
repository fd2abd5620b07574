/* A VLA in a loop body is released at the end of each iteration
   (__builtin_stack_restore): its shadow is unpoisoned there too, not only
   at the return.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "native needs asan-stack and asan-instrument-allocas" } */

extern void use (char *);
extern volatile int n;

int
loop_vla (int k)
{
  int s = 0;
  for (int j = 0; j < k; j++)
    {
      char a[n + j];
      use (a);
      s += a[0];
    }
  return s;
}

/* { dg-final { scan-assembler-times {\m__asan_alloca_poison\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_allocas_unpoison\M} 2 } } */
