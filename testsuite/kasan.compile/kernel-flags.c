/* With the kernel's code-model flags (-mcmodel=kernel -fno-pic
   -mno-red-zone) the outline calls are plain direct calls.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -mcmodel=kernel -fno-pic -mno-red-zone -fno-asynchronous-unwind-tables" } */

int
k_load (int *p)
{
  return *p;
}

void
k_store (long *p)
{
  *p = 1;
}

/* { dg-final { scan-assembler-times {call\s+__asan_load4_noabort\n} 1 } } */
/* { dg-final { scan-assembler-times {call\s+__asan_store8_noabort\n} 1 } } */
