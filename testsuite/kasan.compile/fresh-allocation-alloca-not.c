/* alloca's memory is the frame's, not an allocator's: its accesses keep
   their checks here (alloca.c gives it redzones).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

void use (char *p);

char
on_stack (unsigned int i)
{
  char *buf = __builtin_alloca (64);

  buf[i & 63] = 1;
  return buf[(i + 1) & 63];
}

/* { dg-final { scan-tree-dump-not {inside a fresh allocation} "kasan" } } */
