/* With type-based alias analysis on, locals share a slot only if their
   types' alias sets conflict: two accesses of unrelated types at one
   address could be reordered.  The int arrays share; the float array,
   whose scope is as disjoint, gets its own slot.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fstrict-aliasing -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "the frame layout is the plugin's own" } */

void use (char *);

void
f (void)
{
  {
    int a[10];
    use ((char *) a);
  }
  {
    int b[10];
    use ((char *) b);
  }
  {
    float d[10];
    use ((char *) d);
  }
}

/* { dg-final { scan-assembler {\.string\s+"3 32 40 1 a 32 40 1 b 128 40 1 d"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.ascii\s+"3 32 40 1 a 32 40 1 b 128 40 1 d\\000"} { target arm*-*-* } } } */
