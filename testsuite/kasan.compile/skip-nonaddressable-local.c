/* At -O0 locals live in stack slots, but a local struct whose address is
   never taken is always accessible: its field stores and loads are not
   checked (nor are the scalar locals, which are registers in GIMPLE).  */
/* { dg-do compile } */
/* { dg-options "-O0" } */

struct pair { int a, b; };

int
local_struct (int x, int y)
{
  struct pair t;
  int z = x + y;
  t.a = x;
  t.b = z;
  return t.a * t.b;
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 local_struct } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
