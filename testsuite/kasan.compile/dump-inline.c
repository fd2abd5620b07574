/* -fplugin-arg-kasan-dump in inline mode: the summary says inline and the body
   has the report call instead of the check call.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-dump" } */

__attribute__((noinline)) int
dump_inl (int *p)
{
  return *p;
}

/* { dg-final { scan-tree-dump-times {kasan: check load 4\M} 1 "kasan" } } */
/* { dg-final { scan-tree-dump {kasan: dump_inl: 1 checks \(1 loads, 0 stores\), 0 removed, inline} "kasan" } } */
/* { dg-final { scan-tree-dump-times {__asan_report_load4_noabort \(} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-not {__asan_load4_noabort \(} "kasan" } } */
