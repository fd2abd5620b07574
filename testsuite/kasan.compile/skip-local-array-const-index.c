/* A local array whose address escapes, read at a constant in-bounds
   index, is not checked (automatic variables are always accessible).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void use (int *);

int
local_array_const (void)
{
  int a[10];
  use (a);
  return a[3];
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 local_array_const } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
