/* stats in inline mode reports "inline" and the number of removed
   checks.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stats -fplugin-arg-kasan-inline" } */

__attribute__((noinline)) int
st_twice (volatile int *p)
{
  return *p + *p;
}

/* { dg-final { scan-stderr-times {(?n)^kasan: st_twice: 1 checks \(1 loads, 0 stores\), 1 removed, inline$} 1 } } */
