/* no-eliminate: the read-modify-write *p += 1 keeps both its load check
   and its store check.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-no-eliminate" } */

__attribute__((noinline)) void
rmw_kept (int *p)
{
  *p += 1;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store4_noabort\M} 1 } } */
