/* no-reads: loads are not checked, stores still are.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-reads" } */

__attribute__((noinline)) void
copy_int (int *d, int *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_load} } } */
