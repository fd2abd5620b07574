/* A global array read at a constant index past its end is checked:
   __asan_load4_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wno-array-bounds" } */

int garr[10];

int
global_oob (void)
{
  return garr[12];
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
