/* With -fmerge-all-constants a const array would go to a mergeable
   section (.rodata.str1.8), where the linker folds equal entries of
   several units into one and a redzone could land on another object:
   a protected one goes to .rodata's subsections instead.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fmerge-all-constants -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "left redzones are the plugin's" } */

const char b1[] = "wxyz";

const char *get (void) { return b1; }

/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+\.align 8\s+\.type\s+b1, @object\s+\.size\s+b1, 40\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+b1, %object\s+\.size\s+b1, 40\s} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+4\s} } } */
/* { dg-final { scan-assembler-not {\.section\s+\.rodata\.(str|cst)[^\n]*\s+\.subsection} } } */
