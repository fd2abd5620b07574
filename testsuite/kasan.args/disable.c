/* disable: the plugin loads, accepts its arguments, and instruments
   nothing in this translation unit.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-disable -fplugin-arg-kasan-inline" } */

extern void die (void) __attribute__((noreturn));

int
f (int *p, char *d, const char *s, __SIZE_TYPE__ n)
{
  __builtin_memcpy (d, s, n);
  if (!p)
    die ();
  return *p;
}

/* { dg-final { scan-assembler-not {\m__asan_} } } */
/* { dg-final { check-exit-status 0 } } */
