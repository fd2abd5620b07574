/* In inline mode an under-aligned 4-byte load (packed struct) is a
   non-scalar check: __asan_report_load_n_noabort, not report_load4.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline" } */

struct __attribute__((packed)) pk { char c; int i; };

__attribute__((noinline)) int
inline_packed (struct pk *p)
{
  return p->i;
}

/* { dg-final { scan-assembler-times {\m__asan_report_load_n_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_report_load4} } } */
