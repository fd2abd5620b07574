/* A string literal the code refers to is protected as a global: it
   leaves the mergeable string section for .rodata's subsection of
   granule-aligned objects, is followed by its redzone (12 bytes take
   48) and is registered with its own size.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "GCC writes literals its own way" } */

const char *greeting (void) { return "hello world"; }

/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+\.align 8\s+(\.LC[0-9]+):\s+\.string\s+"hello world"\s+\.zero\s+36} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?(\.LC[0-9]+):\s+\.ascii\s+"hello world\\000"\s+\.space\s+36} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-not {\.rodata\.str[^\n]*\s+\.LC[0-9]+:\s+\.string\s+"hello world"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-not {\.rodata\.str[^\n]*\s+\.LC[0-9]+:\s+\.ascii\s+"hello world\\000"} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.quad\s+\.LC[0-9]+\s+\.quad\s+12\s+\.quad\s+48\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.word\s+\.LC[0-9]+\s+\.word\s+12\s+\.word\s+48\s} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.string\s+"<string literal>"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.ascii\s+"<string literal>\\000"} { target arm*-*-* } } } */
