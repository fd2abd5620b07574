/* Without globals (the default), globals keep their size and nothing is
   registered.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common" } */

int gint = 5;

int use (int i) { return (&gint)[i]; }

/* { dg-final { scan-assembler {\.size\s+gint, 4} } } */
/* { dg-final { scan-assembler-not {\m__asan_register_globals\M} } } */
/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 1 } } */
