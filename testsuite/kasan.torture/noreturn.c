/* __asan_handle_no_return before abort () and a noreturn function, not
   before __builtin_unreachable or __builtin_trap, at every level.  */
/* { dg-do compile } */

extern void abort (void) __attribute__((noreturn));
extern void die (void) __attribute__((noreturn));

__attribute__((noinline)) void nr_abort (int x) { if (x) abort (); }
__attribute__((noinline)) void nr_die (int x) { if (x) die (); }
__attribute__((noinline)) int nr_unreach (int x) { if (x > 3) __builtin_unreachable (); return x; }
__attribute__((noinline)) int nr_trap (int x) { if (x > 3) __builtin_trap (); return x; }

/* { dg-final { scan-assembler-func-times {\m__asan_handle_no_return\M} 1 nr_abort } } */
/* { dg-final { scan-assembler-func-times {\m__asan_handle_no_return\M} 1 nr_die } } */
/* { dg-final { scan-assembler-func-times {\m__asan_handle_no_return\M} 0 nr_unreach } } */
/* { dg-final { scan-assembler-func-times {\m__asan_handle_no_return\M} 0 nr_trap } } */
