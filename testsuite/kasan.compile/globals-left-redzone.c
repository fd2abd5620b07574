/* Protected objects leave subsection 0 of their section for one chosen
   by their alignment (5: 64, 6: 32, 7: 16, 8: 8 bytes), after a pad in
   subsection 4 as large as the largest of those alignments, so each one
   has the right redzone of another, or the pad, on its left.  A static
   zero-initialised one is written in .bss rather than with .local/.comm,
   which has no room for a pad.  The pads are registered with size 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "left redzones are the plugin's" } */

int data8 = 1;
int data64[4] __attribute__ ((aligned (64))) = { 1 };
static char bss8[10];
const char ro8[5] = "abcd";

char *use (int i) { bss8[i] = data8 + data64[i] + ro8[i]; return bss8; }

/* { dg-final { scan-assembler {\.data\s+\.subsection\s+4\s+\.align 64\s+\.type\s+__kasan_left_redzone\.[0-9]+, @object\s+\.size\s+__kasan_left_redzone\.[0-9]+, 64} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.data\s+\.subsection\s+4\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+6\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+__kasan_left_redzone\.[0-9]+, %object\s+\.size\s+__kasan_left_redzone\.[0-9]+, 64} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.data\s+\.subsection\s+5\s+\.align 64\s+\.type\s+data64, @object\s+\.size\s+data64, 64} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.data\s+\.subsection\s+5\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+6\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+data64, %object\s+\.size\s+data64, 64} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.data\s+\.subsection\s+8\s+\.align 8\s+\.type\s+data8, @object} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.data\s+\.subsection\s+8\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+data8, %object} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.bss\s+\.subsection\s+4\s+\.align 32\s+\.type\s+__kasan_left_redzone\.[0-9]+, @object\s+\.size\s+__kasan_left_redzone\.[0-9]+, 32} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.bss\s+\.subsection\s+4\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+5\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+__kasan_left_redzone\.[0-9]+, %object\s+\.size\s+__kasan_left_redzone\.[0-9]+, 32} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.bss\s+\.subsection\s+8\s+\.align 8\s+\.type\s+bss8, @object\s+\.size\s+bss8, 48} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.bss\s+\.subsection\s+8\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+bss8, %object\s+\.size\s+bss8, 48} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-not {\.comm\s+bss8} } } */
/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+\.align 8\s+\.type\s+ro8, @object} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+ro8, %object} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-times {\.quad\s+__kasan_left_redzone\.[0-9]+\s+\.quad\s+0\s+\.quad\s+(32|64)\s} 3 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {\.word\s+__kasan_left_redzone\.[0-9]+\s+\.word\s+0\s+\.word\s+(32|64)\s} 3 { target arm*-*-* } } } */
