/* With stack, a function's locals move into one frame: a 32-byte header
   (magic 0x41B58AB3, the description, the function's address), then each
   variable in a 32-byte slot.  The prologue poisons the redzones' shadow
   (f1 left, 02 for the last 2 bytes of char[10], f2 between, f3 right),
   each return clears it again.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "the frame layout is the plugin's own" } */

extern void use (void *);

char
two_locals (int i)
{
  char a[10];
  int b[2];
  use (a);
  use (b);
  return a[i] + b[i];
}

/* { dg-final { scan-assembler {\.string\s+"2 32 10 1 a 64 8 1 b"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.ascii\s+"2 32 10 1 a 64 8 1 b\\000"} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-times {movq\s+\$1102416563,} 1 { target x86_64-*-* } } } */
/* f1f1f1f1, then 00 02 f2 f2, then 00 f3 f3 f3, as little-endian words.  */
/* { dg-final { scan-assembler-times {movl\s+\$-235802127,} 1 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {movl\s+\$-219020800,} 1 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {movl\s+\$-202116352,} 1 { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-times {movl\s+\$0, [0-9]*\(%r} 3 { target x86_64-*-* } } } */
/* 32-bit ARM: the magic comes from the literal pool; the header's three
   fields are pointer-sized, at 0, 4 and 8 of the frame (sp or a register
   holding the 32-byte aligned frame); the shadow is poisoned and cleared a word at a time (the
   32-byte aligned frame makes its shadow word-aligned), as native GCC
   does, not a byte at a time.  */
/* { dg-final { scan-assembler-times {\.word\s+1102416563\M} 1 { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\mstr\s+r[0-9]+, \[(sp|r[0-9]+)\]} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\mstr\s+r[0-9]+, \[(sp|r[0-9]+), #4\]} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\mstr\s+r[0-9]+, \[(sp|r[0-9]+), #8\]} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-not {\mstr\s+r[0-9]+, \[(sp|r[0-9]+), #16\]} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-times {\.word\s+-235802127\M} 1 { target arm*-*-* } } } */
/* { dg-final { scan-assembler-func-times {\mstrb\M} 0 two_locals { target arm*-*-* } } } */
