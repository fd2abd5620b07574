/* A read of a string literal at a variable index is checked (after
   constant propagation it is MEM["size " + i]); one at a constant index
   inside the literal is not.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-kasan-native-skip "GCC's pass does not see string-literal bases" } */

__attribute__ ((noinline)) char at (unsigned i) { return "size "[i]; }
__attribute__ ((noinline)) char lit (void) { return "size "[2]; }

/* { dg-final { scan-assembler-func-times {\m__asan_load1_noabort\M} 1 at } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load1_noabort\M} 0 lit } } */
