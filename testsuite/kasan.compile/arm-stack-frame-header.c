/* The frame header on 32-bit ARM: the magic, the description and the
   function's address are pointer-sized fields at 0, 4 and 8, where
   native GCC and the runtimes have them (not 0, 8 and 16).  */
/* { dg-do compile { target arm*-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-stack -fplugin-arg-kasan-dump" } */
/* { dg-kasan-native-skip "the plugin's dump" } */

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

/* { dg-final { scan-tree-dump {MEM\[\(unsigned int \*\)&__kasan_frame[.0-9]*\] = 1102416563;} "kasan" } } */
/* { dg-final { scan-tree-dump {_([0-9]+) = \(unsigned int\) &"2 32 10 1 a 64 8 1 b"\[0\];\n  MEM\[\(unsigned int \*\)&__kasan_frame[.0-9]* \+ 4B\] = _\1;} "kasan" } } */
/* { dg-final { scan-tree-dump {_([0-9]+) = \(unsigned int\) two_locals;\n  MEM\[\(unsigned int \*\)&__kasan_frame[.0-9]* \+ 8B\] = _\1;} "kasan" } } */
/* { dg-final { scan-tree-dump-not {&__kasan_frame[.0-9]* \+ 16B\]} "kasan" } } */
/* In the code: nothing is stored 16 bytes into the frame.  */
/* { dg-final { scan-assembler-not {\tstr\t[^\n]*, #16\]} } } */
