/* The dump has one summary line per function, with that function's own
   counts; an uninstrumented function reports nothing checked.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

__attribute__((noinline)) int
f_one (int *p)
{
  return *p;
}

__attribute__((noinline)) void
f_two (char *p, short *q)
{
  *p = 0;
  *q = 0;
}

/* { dg-final { scan-tree-dump-func-times {kasan: f_one: 1 checks \(1 loads, 0 stores\), 0 removed, outline} 1 f_one "kasan" } } */
/* { dg-final { scan-tree-dump-func-times {kasan: f_two: 2 checks \(0 loads, 2 stores\), 0 removed, outline} 1 f_two "kasan" } } */
/* { dg-final { scan-tree-dump-func-times {kasan: check store 1\M} 1 f_two "kasan" } } */
/* { dg-final { scan-tree-dump-func-times {kasan: check store 2\M} 1 f_two "kasan" } } */
/* { dg-final { scan-tree-dump-func-times {kasan: check } 1 f_one "kasan" } } */
