/* Redundancy elimination works per address: *p read twice and *q read
   once (all volatile) give exactly two checks, one for each address.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
two_addrs (volatile int *p, volatile int *q)
{
  return *p + *q + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
