/* An explicit check through a char pointer at an odd offset is not known
   to be aligned: a range check of its 4 bytes.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC keeps the kernel's explicit checks as calls" } */

_Bool __kasan_check_read (const volatile void *p, unsigned int size);

void
check_odd (char *p)
{
  __kasan_check_read (p + 1, 4);
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load4_noabort\M} } } */
/* { dg-final { scan-assembler-not {\m__kasan_check_read\M} } } */
