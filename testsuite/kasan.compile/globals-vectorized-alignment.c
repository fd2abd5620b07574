/* The vectorizer may raise a global's alignment after the plugin chose
   it (here from 16 to 32 bytes), and with it the size the global grows
   to: the descriptor has the size that is written out.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -mavx2 -malign-data=abi -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "GCC sizes its redzones when it writes the global" } */

char a[40];

void f (void) { for (int i = 0; i < 40; i++) a[i] = i * 7; }

/* { dg-final { scan-assembler {\.align 32\s+\.type\s+a, @object\s+\.size\s+a, 96\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.align\s+5\s+(\.set\s+\.LANCHOR[0-9]+,\s*\.\s*\+\s*0\s+)?\.type\s+a, %object\s+\.size\s+a, 96\s} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.quad\s+a\s+\.quad\s+40\s+\.quad\s+96\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.word\s+a\s+\.word\s+40\s+\.word\s+96\s} { target arm*-*-* } } } */
