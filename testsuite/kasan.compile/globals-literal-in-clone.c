/* A literal that only an IPA clone uses (work is cloned for its constant
   argument, and the original is kept only to clone from) is protected
   too: the plugin looks in every body, not only in the definitions.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "GCC writes literals its own way" } */

extern void sink (const char *, int);

static void __attribute__ ((noinline))
work (int k, int v)
{
  for (int i = 0; i < k; i++)
    sink ("in clone only", v + i);
}

void a (int v) { work (5, v); }
void b (int v) { work (5, v * 2); }

/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+\.align 8\s+\.LC[0-9]+:\s+\.string\s+"in clone only"\s+\.zero\s+34} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.section\s+\.rodata\s+\.subsection\s+8\s+(\.align\s+[0-9]+\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?)?\.align\s+3\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.LC[0-9]+:\s+\.ascii\s+"in clone only\\000"\s+\.space\s+34} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.quad\s+\.LC[0-9]+\s+\.quad\s+14\s+\.quad\s+48\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.word\s+\.LC[0-9]+\s+\.word\s+14\s+\.word\s+48\s} { target arm*-*-* } } } */
