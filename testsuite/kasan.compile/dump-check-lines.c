/* -fplugin-arg-kasan-dump: one "kasan: check" line per emitted check, the
   per-function summary, and the calls in the GIMPLE body.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

__attribute__((noinline)) void
dump_me (long long *d, int *s)
{
  *d = *s;
}

/* { dg-final { scan-tree-dump-times {kasan: check load 4\M} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: check store 8\M} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: check } 2 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: dump_me: 2 checks \(1 loads, 1 stores\), 0 removed, outline} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {__asan_load4_noabort \(} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-times {__asan_store8_noabort \(} 1 "kasan" } } */
/* { dg-final { scan-tree-dump-not {kasan: removed} "kasan" } } */
