/* Odd-sized and under-aligned accesses use the N variants at every
   optimisation level.  */
/* { dg-do compile } */

struct s3 { char c[3]; };
struct s40 { char c[40]; };
struct __attribute__((packed)) pk { char c; int i; };

__attribute__((noinline)) struct s3 ld3 (struct s3 *p) { return *p; }
__attribute__((noinline)) void cp40 (struct s40 *d, struct s40 *s) { *d = *s; }
__attribute__((noinline)) int unal (struct pk *p) { return p->i; }

/* { dg-final { scan-assembler-func-times {\m__asan_loadN_noabort\M} 1 ld3 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_[a-zA-Z_0-9]+} 1 ld3 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_storeN_noabort\M} 1 cp40 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_loadN_noabort\M} 1 cp40 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_[a-zA-Z_0-9]+} 2 cp40 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_loadN_noabort\M} 1 unal } } */
/* { dg-final { scan-assembler-func-times {\m__asan_[a-zA-Z_0-9]+} 1 unal } } */
