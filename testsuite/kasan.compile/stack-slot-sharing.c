/* Locals whose scopes never overlap share a slot of the frame, as GCC's
   protected locals do, when they have the same size: a, b and c in f
   (d too, with -fno-strict-aliasing, as the kernel builds).  Locals live
   at the same time (g's) never share.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-strict-aliasing -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "the frame layout is the plugin's own" } */

void use (char *);
struct s { char b[40]; };

void
f (int x)
{
  if (x)
    {
      struct s a;
      use (a.b);
    }
  else
    {
      struct s b;
      use (b.b);
    }
  {
    char c[40];
    use (c);
  }
  {
    int d[10];
    use ((char *) d);
  }
}

void
g (void)
{
  struct s a, b;
  use (a.b);
  use (b.b);
}

/* { dg-final { scan-assembler {\.string\s+"4 32 40 1 a 32 40 1 b 32 40 1 c 32 40 1 d"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.ascii\s+"4 32 40 1 a 32 40 1 b 32 40 1 c 32 40 1 d\\000"} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.string\s+"2 32 40 1 a 128 40 1 b"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.ascii\s+"2 32 40 1 a 128 40 1 b\\000"} { target arm*-*-* } } } */
