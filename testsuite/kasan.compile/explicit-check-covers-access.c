/* atomic_read(): the explicit check and the volatile load after it check
   the same four bytes, and nothing between can free them: one check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC keeps the kernel's explicit checks as calls" } */

_Bool __kasan_check_read (const volatile void *p, unsigned int size);

typedef struct { int counter; } atomic_t;

int
atomic_read (const atomic_t *v)
{
  __kasan_check_read (v, sizeof (*v));
  return *(const volatile int *) &v->counter;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__kasan_check_read\M} } } */
