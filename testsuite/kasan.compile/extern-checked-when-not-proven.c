/* A global of another unit stays checked where its bounds or its presence
   are not known: past its declared end, at a variable index, declared
   without a size, declared weak.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals -Wno-array-bounds" } */

extern int gext[10];
extern int gext_unsized[];
extern long long gext_weak __attribute__ ((weak));

int past_end (void) { return gext[10]; }
int var_index (int i) { return gext[i]; }
int unsized (void) { return gext_unsized[2]; }
long long weak_decl (void) { return gext_weak; }

/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 past_end } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 var_index } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 unsized } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load8_noabort\M} 1 weak_decl } } */
