/* The instrumentation does not depend on debug information: compiling
   with -fcompare-debug (GCC compiles twice, with and without -g, and
   compares) succeeds, in outline and inline mode alike.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fcompare-debug -fplugin-arg-kasan-inline -fplugin-arg-kasan-call-threshold=3" } */

#include <string.h>

struct s40 { char c[40]; };
extern void use (int);

int
many (int *p, int *q, const char *s, struct s40 *d, struct s40 *e)
{
  int x = *p;
  use (x);
  *d = *e;
  x += strlen (s);
  return x + *q;
}

int
few (long long *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 2 many } } */
/* { dg-final { scan-assembler-func-times {\m__asan_report_load8_noabort\M} 1 few } } */
