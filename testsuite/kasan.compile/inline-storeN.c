/* In inline mode a 40-byte copy is checked inline: the store check on d
   reports with __asan_report_store_n_noabort, the load check on s with
   __asan_report_load_n_noabort.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline" } */

struct s40 { char c[40]; };

__attribute__((noinline)) void
inline_copy40 (struct s40 *d, struct s40 *s)
{
  *d = *s;
}

/* { dg-final { scan-assembler-times {\m__asan_report_store_n_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_report_load_n_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)N_noabort\M} } } */
