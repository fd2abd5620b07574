/* The N checks (two arguments) get the real address: for a 12-byte
   struct read through p the first argument is p itself, never a
   constant.  (Catches address computations that get lost when the
   length is materialised.)  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-pic -fplugin-arg-kasan-dump" } */

struct s12 { int a[3]; };

__attribute__((noinline)) struct s12
load12 (struct s12 *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_loadN_noabort\M} 1 } } */
/* { dg-final { scan-assembler-not {xorl\s+%edi, %edi} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-not {mov\s+r0, #0\M} { target arm*-*-* } } } */
/* { dg-final { scan-tree-dump {= \(unsigned (long|int)\) p_[0-9]+\(D\);} "kasan" } } */
