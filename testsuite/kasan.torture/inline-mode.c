/* Inline mode at every optimisation level: report calls instead of check
   calls, and an inline (addr >> 3) shadow computation.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-kasan-inline" } */

__attribute__((noinline)) int ld4 (int *p) { return *p; }
__attribute__((noinline)) void st8 (long long *p) { *p = 0; }

/* { dg-final { scan-assembler-func-times {\m__asan_report_load4_noabort\M} 1 ld4 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_report_store8_noabort\M} 1 st8 } } */
/* { dg-final { scan-assembler-not {\m__asan_(load|store)[0-9N]} } } */
/* { dg-final { scan-assembler-times {shrq\s+\$3,} 2 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {lsr\s+r[0-9]+, r[0-9]+, #3\M} 2 { target arm*-*-* } } } */
