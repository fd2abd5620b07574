/* Without stack (the default), locals stay where GCC puts them: no frame
   header, no shadow stores.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void use (void *);

char
two_locals (int i)
{
  char a[10];
  use (a);
  return a[i];
}

/* { dg-final { scan-assembler-not {1102416563} } } */
/* { dg-final { scan-assembler-times {\m__asan_load1_noabort\M} 1 } } */
