/* __kasan_check_write(addr, 8) before an 8-byte atomic written in asm
   becomes our 8-byte store check.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "native GCC keeps the kernel's explicit checks as calls" } */

_Bool __kasan_check_write (const volatile void *p, unsigned int size);

void
set_flag (long nr, unsigned long long *addr)
{
  __kasan_check_write (addr + nr / 64, 8);
  asm volatile ("" : : "r" (addr + nr / 64), "r" (nr) : "memory");
}

/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__kasan_check_write\M} } } */
