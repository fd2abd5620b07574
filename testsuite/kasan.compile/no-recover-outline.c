/* With no-recover the outline checks use the names without _noabort:
   __asan_load4, __asan_store8, __asan_loadN.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-recover" } */

struct s3 { char c[3]; };

__attribute__((noinline)) int
nr_load4 (int *p)
{
  return *p;
}

__attribute__((noinline)) void
nr_store8 (long long *p)
{
  *p = 0;
}

__attribute__((noinline)) struct s3
nr_load3 (struct s3 *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store8\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_loadN\M} 1 } } */
/* { dg-final { scan-assembler-not {_noabort} } } */
