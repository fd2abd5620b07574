/* A volatile store is checked: __asan_store8_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline)) void
vstore (volatile long long *p)
{
  *p = 42;
}

/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
