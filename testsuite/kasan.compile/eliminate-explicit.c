/* eliminate (the default) given explicitly removes the duplicate check,
   and the dump records it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-eliminate -fplugin-arg-kasan-dump" } */

__attribute__((noinline)) int
twice_elim (volatile int *p)
{
  return *p + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
/* { dg-final { scan-tree-dump-times {kasan: removed} 1 "kasan" } } */
/* { dg-final { scan-tree-dump {kasan: twice_elim: 1 checks \(1 loads, 0 stores\), 1 removed, outline} "kasan" } } */
