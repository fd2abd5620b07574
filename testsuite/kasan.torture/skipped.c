/* Accesses that are never checked, at every optimisation level: an
   aggregate local that is not addressable, a constant in-bounds index
   into a local array, a TLS variable, inline asm memory operands.  */
/* { dg-do compile } */

extern void use (int *);
__thread int tls_var[4];

struct pair { int a, b; };

__attribute__((noinline)) int
local_struct (int x, int y)
{
  struct pair t;
  t.a = x;
  t.b = y;
  return t.a * t.b;
}

__attribute__((noinline)) int
local_array (void)
{
  int a[10];
  use (a);
  return a[3];
}

__attribute__((noinline)) int
tls_read (void)
{
  return tls_var[2];
}

__attribute__((noinline)) void
asm_mem (int *p, int *q)
{
  __asm__ volatile ("" : "=m" (*p) : "m" (*q));
}

/* Control: a load through a pointer is checked.  */
__attribute__((noinline)) int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
