/* An index the loop reads from memory it also writes is no induction
   variable: the check of each access stays in the loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

void
bump (int *a, int *pos, int n)
{
  for (int i = 0; i < n; i++)
    a[*pos] += (*pos)++;
}

/* { dg-final { scan-assembler-not {\m__asan_(load|store)N_noabort\M} } } */
/* { dg-final { scan-tree-dump-not {range before loop} "kasan" } } */
