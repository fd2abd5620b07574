/* With globals, a global defined here is 32-aligned and followed by GCC's
   redzone: 4 bytes grow to 64, 800 to 832, 32 to 64 (size rounded up to
   a multiple of 32, plus 32..63 bytes).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "the ELF size includes the redzone only with the plugin" } */

int gint = 5;
int garr[200] = { 1 };
char g32[32] = "x";

int use (int i) { return gint + garr[i] + g32[i]; }

/* { dg-final { scan-assembler {\.size\s+gint, 64} } } */
/* { dg-final { scan-assembler {\.size\s+garr, 832} } } */
/* { dg-final { scan-assembler {\.size\s+g32, 64} } } */
/* { dg-final { scan-assembler {\.align 32\s+\.type\s+gint, @object} } } */
/* { dg-final { scan-assembler {\.align 32\s+\.type\s+garr, @object} } } */
/* { dg-final { scan-assembler {\.align 32\s+\.type\s+g32, @object} } } */
/* { dg-final { scan-assembler {gint:\s+\.long\s+5\s+\.zero\s+60} } } */
