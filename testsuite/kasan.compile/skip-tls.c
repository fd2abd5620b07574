/* Thread-local variables read and written at constant in-bounds indexes
   are not checked.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__thread int tls_arr[4];
__thread long tls_scalar;

int
tls_access (int v)
{
  tls_scalar = v;
  return tls_arr[2];
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 tls_access } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
