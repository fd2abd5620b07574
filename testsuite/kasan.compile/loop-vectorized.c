/* At -O3 the loop is vectorised before the kasan pass sees it: the
   16-byte vector accesses are checked inside the vector loop (with the N
   variant when they are only int-aligned, else the 16-byte one); the
   store to d[i] is covered by the load check of the same address.  The
   scalar epilogue keeps its 4-byte checks.  (Native GCC instruments
   before vectorisation, and its check calls prevent it.)  */
/* x86_64 only: 32-bit ARM without NEON has no vector loop.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -fno-vect-cost-model --param vect-epilogues-nomask=0 -fplugin-arg-kasan-no-hoist" } */
/* { dg-kasan-native-skip "native GCC does not vectorise instrumented loops" } */

__attribute__((noinline)) void
vadd (int *__restrict d, int *__restrict s, long n)
{
  for (long i = 0; i < n; i++)
    d[i] += s[i];
}

/* { dg-final { scan-assembler-loop-times {\m__asan_(load16|loadN)_noabort\M} 2 } } */
/* { dg-final { scan-assembler-not {\m__asan_store(16|N)_noabort\M} } } */
/* { dg-final { scan-assembler {\m__asan_load4_noabort\M} } } */
