/* keep-explicit-checks: the kernel's explicit checks stay calls.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-keep-explicit-checks" } */
/* { dg-kasan-native-skip "a plugin argument" } */

_Bool __kasan_check_read (const volatile void *p, unsigned int size);

void
check_counter (int *v)
{
  __kasan_check_read (v, sizeof (*v));
}

/* { dg-final { scan-assembler {\m__kasan_check_read\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_} } } */
