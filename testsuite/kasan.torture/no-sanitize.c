/* The four no_sanitize spellings switch the instrumentation off at every
   optimisation level.  */
/* { dg-do compile } */

__attribute__((noinline, no_sanitize_address)) int a1 (int *p) { return *p; }
__attribute__((noinline, no_address_safety_analysis)) int a2 (int *p) { return *p; }
__attribute__((noinline, no_sanitize ("address"))) int a3 (int *p) { return *p; }
__attribute__((noinline, no_sanitize ("kernel-address"))) int a4 (int *p) { return *p; }
__attribute__((noinline)) int a7 (int *p) { return *p; }

/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 a7 } } */
