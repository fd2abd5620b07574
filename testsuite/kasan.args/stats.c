/* stats prints one line per function on stderr with its counts.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stats" } */

__attribute__((noinline)) void
st_copy (long *d, int *s)
{
  *d = *s;
}

__attribute__((noinline)) int
st_three (int *a, int *b, char *c)
{
  return *a + *b + *c;
}

/* { dg-final { scan-stderr-times {(?n)^kasan: st_copy: 2 checks \(1 loads, 1 stores\), 0 removed, outline$} 1 } } */
/* { dg-final { scan-stderr-times {(?n)^kasan: st_three: 3 checks \(3 loads, 0 stores\), 0 removed, outline$} 1 } } */
/* { dg-final { check-exit-status 0 } } */
