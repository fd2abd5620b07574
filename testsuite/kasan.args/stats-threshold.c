/* stats reports the mode chosen per function by call-threshold.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stats -fplugin-arg-kasan-call-threshold=2" } */

__attribute__((noinline)) int
st_two (int *a, int *b)
{
  return *a + *b;
}

__attribute__((noinline)) int
st_one (int *a)
{
  return *a;
}

/* { dg-final { scan-stderr-times {(?n)^kasan: st_two: 2 checks \(2 loads, 0 stores\), 0 removed, outline$} 1 } } */
/* { dg-final { scan-stderr-times {(?n)^kasan: st_one: 1 checks \(1 loads, 0 stores\), 0 removed, inline$} 1 } } */
