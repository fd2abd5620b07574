/* Two loads of the same address in one block need one check: the second
   __asan_load4_noabort is removed as redundant.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) int
twice (volatile int *p)
{
  return *p + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
