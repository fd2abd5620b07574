/* With globals protected (the kernel's setting), a global of another unit
   read or written at a constant position inside its declared type is not
   checked: C has no dynamic initialisation, so it is always there.  GCC's
   own pass checks it (asan.cc: "always instrument external vars").  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */

struct pair { long a, b; };
extern int gext[10];
extern long gext_scalar;
extern struct pair gext_pair;
extern volatile unsigned long gext_ticks;

long
extern_const (void)
{
  gext_pair.b = 1;
  return gext[3] + gext[9] + gext_scalar + gext_ticks;
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 extern_const } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
