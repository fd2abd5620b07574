/* A global array defined in this file, read and written at constant
   in-bounds indexes, is not checked (nor is a global scalar).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

int garr[10];
static long sarr[4];
int gscalar;

long
global_const (void)
{
  garr[3] = 1;
  gscalar = 2;
  return garr[9] + sarr[1];
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 global_const } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
