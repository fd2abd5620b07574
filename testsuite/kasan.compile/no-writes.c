/* no-writes: stores are not checked, loads still are.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-writes" } */

__attribute__((noinline)) void
copy_int (int *d, int *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_store} } } */
