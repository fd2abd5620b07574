/* no_sanitize ("undefined") does not switch off address checks: the
   function is instrumented.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

__attribute__((noinline, no_sanitize ("undefined"))) int
still_checked (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
