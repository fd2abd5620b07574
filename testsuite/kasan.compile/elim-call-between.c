/* A call to an unknown function between two accesses to the same address
   may free the memory: both checks stay.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

extern void unknown (void);

__attribute__((noinline)) int
call_between (int *p)
{
  int x = *p;
  unknown ();
  return x + *p;
}

/* { dg-final { scan-assembler-times {\m__asan_load4_noabort\M} 2 } } */
