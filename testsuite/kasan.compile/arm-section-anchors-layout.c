/* With section anchors (ARM, -O2), code addresses each protected global
   through its own symbol, not at an offset from a block's anchor that
   GCC fixed before the global grew its redzone; no object is followed by
   a negative .space (what GCC writes to reach the next object of a block
   that grew under it).  kasan.torture/arm-section-anchors.c assembles the
   same kind of unit at every level.  */
/* { dg-do compile { target arm*-*-* } } */
/* { dg-options "-O2 -fsection-anchors -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "native GCC keeps protected globals in anchor blocks, sized with their redzones" } */

int a[3] = { 1, 2, 3 };
int b[5] = { 4, 5, 6, 7, 8 };
static int c[2] = { 9, 10 };
static const char s[] = "hello world";

int get_a1 (void) { return a[1]; }
int get_b2 (void) { return b[2]; }
int get_c (int i) { return c[i]; }
const char *str (void) { return s; }

/* { dg-final { scan-assembler-not {\.space\s+-} } } */
/* { dg-final { scan-assembler-func-times {\.word\s+a\M} 1 get_a1 } } */
/* { dg-final { scan-assembler-func-times {\.word\s+b\M} 1 get_b2 } } */
/* { dg-final { scan-assembler-func-times {\.word\s+c\M} 1 get_c } } */
/* { dg-final { scan-assembler-func-times {\.word\s+s\M} 1 str } } */
/* Still 32 bytes of redzone after each: a is 12 bytes, 48 with it.  */
/* { dg-final { scan-assembler {\.size\s+a, 48} } } */
/* { dg-final { scan-assembler {\.size\s+s, 48} } } */
