/* An extern array read at a constant in-bounds index is not checked by
   default (globals are not instrumented unless asked for).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern int gext[10];
extern long gext_scalar;

long
extern_const (void)
{
  return gext[3] + gext_scalar;
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 extern_const } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
