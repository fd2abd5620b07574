/* Atomic builtins at run time: the checks get the address of the atomic
   object and its size; read-modify-write operations are checked as
   stores, atomic loads as loads.  */
/* { dg-do run } */
/* { dg-options "-O2" } */

#include "kasan-rt.h"

__attribute__((noinline)) int fadd (int *p) { return __atomic_fetch_add (p, 1, __ATOMIC_SEQ_CST); }
__attribute__((noinline)) long aload (long *p) { return __atomic_load_n (p, __ATOMIC_ACQUIRE); }
__attribute__((noinline)) void astore (long *p, long v) { __atomic_store_n (p, v, __ATOMIC_RELEASE); }
__attribute__((noinline)) char axchg (char *p, char v) { return __atomic_exchange_n (p, v, __ATOMIC_SEQ_CST); }
__attribute__((noinline)) int scas (int *p, int o, int n) { return __sync_val_compare_and_swap (p, o, n); }
__attribute__((noinline)) int acmpx (short *p, short o, short n)
{
  short e = o;
  return __atomic_compare_exchange_n (p, &e, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static __attribute__((aligned (64))) char buf[64];
static volatile long sink;

RT int
main (void)
{
  kasan_reset ();
  sink = fadd ((int *) (buf + 4));    EXPECT1 ("fetch_add", 's', buf + 4, 4);
  sink = aload ((long *) (buf + 8));  EXPECT1 ("atomic load", 'l', buf + 8, 8);
  astore ((long *) (buf + 16), 3);    EXPECT1 ("atomic store", 's', buf + 16, 8);
  sink = axchg (buf + 25, 1);         EXPECT1 ("exchange", 's', buf + 25, 1);
  sink = scas ((int *) (buf + 28), 0, 1);
  EXPECT1 ("sync cas", 's', buf + 28, 4);
  sink = acmpx ((short *) (buf + 34), 0, 1);
  EXPECT1 ("compare_exchange", 's', buf + 34, 2);
  return kasan_done ();
}

/* { dg-output "all checks as expected" } */
