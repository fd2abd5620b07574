/* In inline mode a 3-byte load is checked inline (first and last byte)
   and reported with __asan_report_load_n_noabort (addr, 3).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline" } */

struct s3 { char c[3]; };

__attribute__((noinline)) struct s3
inline_load3 (struct s3 *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_report_load_n_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {\m__asan_loadN_noabort\M} } } */
/* { dg-final { scan-assembler {movabsq\s+\$-2305847407260205056,} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {add\s+r[0-9]+, r[0-9]+, #1593835520\M} { target arm*-*-* } } } */
