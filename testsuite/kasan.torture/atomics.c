/* Atomic builtins are checked at every optimisation level: read-modify-
   write and store builtins as stores, atomic loads as loads.  */
/* { dg-do compile } */

__attribute__((noinline)) int fadd (int *p) { return __atomic_fetch_add (p, 1, __ATOMIC_SEQ_CST); }
__attribute__((noinline)) long long aload (long long *p) { return __atomic_load_n (p, __ATOMIC_ACQUIRE); }
__attribute__((noinline)) void astore (long long *p, long long v) { __atomic_store_n (p, v, __ATOMIC_RELEASE); }
__attribute__((noinline)) char axchg (char *p, char v) { return __atomic_exchange_n (p, v, __ATOMIC_SEQ_CST); }

/* { dg-final { scan-assembler-func-times {\m__asan_store4_noabort\M} 1 fadd } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load8_noabort\M} 1 aload } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store8_noabort\M} 1 astore } } */
/* { dg-final { scan-assembler-func-times {\m__asan_store1_noabort\M} 1 axchg } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 4 } } */
