/* An explicit check whose result is used stays a call: its value is
   whether the range was good, which our checks do not give.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

_Bool __kasan_check_read (const volatile void *p, unsigned int size);

int
read_if_good (int *v)
{
  if (!__kasan_check_read (v, 4))
    return -1;
  return *(volatile int *) v;
}

/* { dg-final { scan-assembler {\m__kasan_check_read\M} } } */
