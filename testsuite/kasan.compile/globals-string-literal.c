/* A string literal the code refers to is protected as a global: it
   leaves the mergeable string section for .rodata's subsection of
   granule-aligned objects, is followed by its redzone (12 bytes take
   48) and is registered with its own size.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "GCC writes literals its own way" } */

const char *greeting (void) { return "hello world"; }

/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+\.align 8\s+(\.LC[0-9]+):\s+\.string\s+"hello world"\s+\.zero\s+36} } } */
/* { dg-final { scan-assembler-not {\.rodata\.str[^\n]*\s+\.LC[0-9]+:\s+\.string\s+"hello world"} } } */
/* { dg-final { scan-assembler {\.quad\s+\.LC[0-9]+\s+\.quad\s+12\s+\.quad\s+48\s} } } */
/* { dg-final { scan-assembler {\.string\s+"<string literal>"} } } */
