/* An explicit check of a size known only at run time stays a call.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

_Bool __kasan_check_write (const volatile void *p, unsigned int size);

void
check_n (char *p, unsigned int n)
{
  __kasan_check_write (p, n);
}

/* { dg-final { scan-assembler {\m__kasan_check_write\M} } } */
/* { dg-final { scan-assembler-not {\m__asan_} } } */
