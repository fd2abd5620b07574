/* A 16-byte explicit check stays a call: a check of an unaligned 16-byte
   access looks at its first and last byte only, not a middle granule.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

_Bool __kasan_check_read (const volatile void *p, unsigned int size);

void
check_16 (char *p)
{
  __kasan_check_read (p, 16);
}

/* { dg-final { scan-assembler {\m__kasan_check_read\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_} } } */
