/* A 64-bit hexadecimal shadow offset, 0xdfff000000000000, is used in full
   (movabsq of -2306124484190404608).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0xdfff000000000000" } */

__attribute__((noinline)) int
so_big (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler {movabsq\s+\$-2306124484190404608,} } } */
/* { dg-final { scan-assembler-not {2305847407260205056} } } */
