/* -fstack-reuse=none: no two locals share a slot, however disjoint
   their scopes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fstack-reuse=none -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "the frame layout is the plugin's own" } */

void use (char *);

void
f (void)
{
  {
    char a[40];
    use (a);
  }
  {
    char b[40];
    use (b);
  }
}

/* { dg-final { scan-assembler {\.string\s+"2 32 40 1 a 128 40 1 b"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.ascii\s+"2 32 40 1 a 128 40 1 b\\000"} { target arm*-*-* } } } */
