/* -fplugin-arg-kasan-dump records each eliminated check with a "kasan: removed"
   line, and counts it in the summary.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

__attribute__((noinline)) int
dump_rm (volatile int *p)
{
  return *p + *p + *p;
}

/* { dg-final { scan-tree-dump-times {kasan: removed} 2 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: check load 4\M} 1 "kasan" } } */
/* { dg-final { scan-tree-dump {kasan: dump_rm: 1 checks \(1 loads, 0 stores\), 2 removed, outline} "kasan" } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
