/* The kernel's explicit check __kasan_check_read(v, 4) of an int becomes
   our 4-byte load check, and the call goes.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC keeps the kernel's explicit checks as calls" } */

_Bool __kasan_check_read (const volatile void *p, unsigned int size);

void
check_counter (int *v)
{
  __kasan_check_read (v, sizeof (*v));
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__kasan_check_read\M} } } */
