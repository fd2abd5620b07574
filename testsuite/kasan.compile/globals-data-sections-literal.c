/* -fdata-sections gives every variable a section of its own, but not
   the pad in front of the string literals: it stays in .rodata's pad
   subsection, right before the literals' subsection.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fdata-sections -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "left redzones are the plugin's" } */

const char *g (void) { return "hello world"; }

/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+4\s+\.align 32\s+\.type\s+__kasan_left_redzone\.[0-9]+, @object} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+4\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+5\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+__kasan_left_redzone\.[0-9]+, %object} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-not {\.section\s+\.[a-z]+\.__kasan_left_redzone} } } */
