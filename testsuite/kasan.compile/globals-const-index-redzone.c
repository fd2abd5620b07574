/* A constant index into the redzone we added is still out of bounds, so
   it is checked; one inside the variable is not.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */

char sarr[10];

__attribute__ ((noinline)) char in_bounds (void) { return sarr[9]; }
__attribute__ ((noinline)) char past_end (void) { return ((volatile char *) sarr)[10]; }

/* { dg-final { scan-assembler-func-times {\m__asan_load1_noabort\M} 0 in_bounds } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load1_noabort\M} 1 past_end } } */
