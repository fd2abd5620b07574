/* An extern array at a variable index is checked: __asan_load4_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern int gext[10];

int
extern_var (int i)
{
  return gext[i];
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
