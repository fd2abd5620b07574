/* A function with a protected frame must clear its shadow before it
   returns, so its calls are no sibling calls any more.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "plugin frame handling" } */

extern int use (void *);
extern int tail (int);

int
framed (void)
{
  char a[16];
  use (a);
  return tail (a[3]);
}

/* { dg-final { scan-assembler {\m(call|bl)\s+tail\M} } } */
/* { dg-final { scan-assembler-not {\m(jmp|b)\s+tail\M} } } */
