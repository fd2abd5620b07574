/* Functions in .noinstr.text and .entry.text are not instrumented, at
   every optimisation level; a function in .text is.  */
/* { dg-do compile } */
/* { dg-kasan-native-skip "native GCC instruments these sections" } */

__attribute__((noinline, section (".noinstr.text"))) int s1 (int *p) { return *p; }
__attribute__((noinline, section (".entry.text"))) int s2 (int *p) { return *p; }
__attribute__((noinline)) int s3 (int *p) { return *p; }

/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 s3 } } */
