/* Literals are chosen after the IPA passes, from bodies that IPA-SRA has
   not changed yet: here it drops note's unused argument, and with it the
   last use of two literals.  Only the literals that a function still
   refers to when it reaches the plugin's pass are protected, so the dead
   ones are neither registered nor written out; the constructors read the
   final number of descriptors (two: the .rodata pad and "used").  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "GCC writes literals its own way" } */

extern int counter;
extern void sink (const char *);

static void __attribute__ ((noinline))
note (int v, const char *what)
{
  counter += v;
}

void a (int v) { note (v, "unused first"); }
void b (int v) { note (v * 2, "unused second"); sink ("used"); }

/* { dg-final { scan-assembler-not {unused (first|second)} } } */
/* { dg-final { scan-assembler {\.subsection\s+8\s+\.align 8\s+\.LC[0-9]+:\s+\.string\s+"used"\s+\.zero\s+35} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.subsection\s+8\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.LC[0-9]+:\s+\.ascii\s+"used\\000"\s+\.space\s+35} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {movq\s+__kasan_globals_count\.[0-9]+\(%rip\), %rsi\s+leaq\s+__kasan_globals\.[0-9]+\(%rip\), %rdi\s+jmp\s+__asan_register_globals} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\m(bl|b)\s+__asan_register_globals\M} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {__kasan_globals_count\.[0-9]+:\s+\.quad\s+2\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {__kasan_globals_count\.[0-9]+:\s+\.word\s+2\s} { target arm*-*-* } } } */
/* Two descriptors of 8 pointer-sized fields.  */
/* { dg-final { scan-assembler {\.size\s+__kasan_globals\.[0-9]+, 128\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.size\s+__kasan_globals\.[0-9]+, 64\s} { target arm*-*-* } } } */
