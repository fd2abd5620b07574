/* With globals, a global defined here starts on a granule (8 bytes) or
   its own larger alignment and is followed by at least 32 bytes of
   redzone, up to a multiple of that alignment: an int (4 bytes) takes
   40, 800 bytes aligned to 32 take 832, 32 take 64.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "the ELF size includes the redzone only with the plugin" } */

int gint = 5;
int garr[200] __attribute__ ((aligned (32))) = { 1 };
char g32[32] __attribute__ ((aligned (32))) = "x";

int use (int i) { return gint + garr[i] + g32[i]; }

/* { dg-final { scan-assembler {\.size\s+gint, 40} } } */
/* { dg-final { scan-assembler {\.size\s+garr, 832} } } */
/* { dg-final { scan-assembler {\.size\s+g32, 64} } } */
/* { dg-final { scan-assembler {\.align 8\s+\.type\s+gint, @object} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+gint, %object} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.align 32\s+\.type\s+garr, @object} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.align\s+5\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+garr, %object} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.align 32\s+\.type\s+g32, @object} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.align\s+5\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+g32, %object} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {gint:\s+\.long\s+5\s+\.zero\s+36} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {gint:\s+\.word\s+5\s+\.space\s+36} { target arm*-*-* } } } */
