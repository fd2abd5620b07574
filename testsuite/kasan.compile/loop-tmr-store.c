/* A copy loop d[i] = s[i] at -O2: the TARGET_MEM_REF load and store are
   checked inside the loop (__asan_load8_noabort, __asan_store8_noabort).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-vectorize -fplugin-arg-kasan-no-hoist" } */

__attribute__((noinline)) void
copy_loop (long long *d, long long *s, long n)
{
  for (long i = 0; i < n; i++)
    d[i] = s[i] + 1;
}

/* { dg-final { scan-assembler-times {\m__asan_load8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_store8_noabort\M} 1 } } */
/* { dg-final { scan-assembler-loop-times {\m__asan_(load|store)8_noabort\M} 2 } } */
