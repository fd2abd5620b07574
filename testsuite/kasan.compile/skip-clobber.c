/* The end-of-scope clobbers of escaped local arrays (x ={v} {CLOBBER})
   are not accesses and are not checked.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void use (char *);

void
scopes (void)
{
  {
    char a[32];
    use (a);
  }
  {
    char b[64];
    use (b);
  }
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 scopes } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
