/* Inline asm memory operands ("m", "=m", "+m") are not checked; a plain
   access in the same function is.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

int
asm_operands (int *p, int *q, long *r, char *c)
{
  __asm__ volatile ("# %0 %1 %2" : "=m" (*p), "+m" (*r) : "m" (*q));
  return *c;
}

/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
