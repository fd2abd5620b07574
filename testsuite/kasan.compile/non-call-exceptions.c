/* With -fnon-call-exceptions a load may trap and ends its basic block;
   the checks still go before each access and the CFG stays valid.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fexceptions -fnon-call-exceptions" } */

extern void use (int);
struct s3 { char c[3]; };

int
trapping (int *p, long long *q, struct s3 *r)
{
  int x = *p;
  use (x);
  *q = x;
  return x + r->c[2];
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 1 } } */
