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

/* { dg-final { scan-assembler {\.string\s+"2 32 10 1 a 64 8 1 b"} } } */
/* { dg-final { scan-assembler-times {movq\s+\$1102416563,} 1 } } */
/* f1f1f1f1, then 00 02 f2 f2, then 00 f3 f3 f3, as little-endian words.  */
/* { dg-final { scan-assembler-times {movl\s+\$-235802127,} 1 } } */
/* { dg-final { scan-assembler-times {movl\s+\$-219020800,} 1 } } */
/* { dg-final { scan-assembler-times {movl\s+\$-202116352,} 1 } } */
/* { dg-final { scan-assembler-times {movl\s+\$0, [0-9]*\(%r} 3 } } */
