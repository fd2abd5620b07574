/* reads and writes (the defaults) given explicitly: both checked.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-reads -fplugin-arg-kasan-writes" } */

__attribute__((noinline)) void
copy_int (int *d, int *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
