/* A function that calls setjmp keeps GCC's own frame: moving its locals
   would not survive the second return.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "plugin frame handling" } */

#include <setjmp.h>

extern void use (void *);
jmp_buf env;

int
with_setjmp (void)
{
  char a[16];
  use (a);
  if (setjmp (env))
    return a[1];
  return 0;
}

/* { dg-final { scan-assembler-not {1102416563} } } */
