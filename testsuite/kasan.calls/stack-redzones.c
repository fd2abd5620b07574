/* With stack, locals get redzones: reading one byte past a char[10] hits
   the partial granule (shadow 2), reading before it the left redzone,
   and both are reported; the bytes of the array are not.  After the
   function returns, its frame's shadow is clear again.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-stack -fplugin-arg-kasan-shadow-offset=0x7fff8000" } */
/* { dg-kasan-native-skip "native asan-stack needs RTL expansion with its own layout" } */

#include "kasan-rt.h"

static volatile int index_past = 10, index_before = -1, index_last = 9;
static char *volatile last_array;
static volatile long sink;

__attribute__ ((noinline)) void
touch (int i)
{
  char a[10];

  last_array = a;
  sink = ((volatile char *) a)[i];
}

RT int
main (void)
{
  char probe;
  /* Shadow for the stack below main's frame, where touch() runs.  */
  kasan_map_shadow (&probe - 65536, 65536 + 64);

  kasan_reset ();
  touch (index_last);
  EXPECT0 ("last byte of the array");
  touch (index_past);
  EXPECT1 ("one past the array", 'L', last_array + 10, 1);
  touch (index_before);
  EXPECT1 ("one before the array", 'L', last_array - 1, 1);

  /* touch() has returned: its frame must not stay poisoned.  */
  signed char *sh = (signed char *) (((uintptr_t) last_array >> 3)
				     + KASAN_TEST_SHADOW_OFFSET);
  if (sh[-1] != 0 || sh[1] != 0)
    {
      printf ("FAIL: frame shadow left poisoned: %d %d\n", sh[-1], sh[1]);
      kasan_errors++;
    }
  return kasan_errors != 0;
}
