/* Without stack, allocas are left as they are.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void use (char *);
extern volatile int n;

char
with_alloca (int i)
{
  char *a = __builtin_alloca (n);
  use (a);
  return ((volatile char *) a)[i];
}

/* { dg-final { scan-assembler-not {\m__asan_alloca_poison\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_allocas_unpoison\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 1 } } */
