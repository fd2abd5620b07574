/* A global register variable (DECL_HARD_REGISTER, as the kernel's
   current_stack_pointer) is not memory and is not checked.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#ifdef __x86_64__
register unsigned long current_stack_pointer __asm__ ("rsp");
#else
register unsigned long current_stack_pointer __asm__ ("sp");
#endif

unsigned long
get_sp (void)
{
  return current_stack_pointer;
}

/* Control: an access through a pointer in the same file is checked.  */
int
control (int *p)
{
  return *p;
}

/* { dg-final { scan-assembler-func-times {\m__asan_} 0 get_sp } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 control } } */
/* { dg-final { scan-assembler-times {\m__asan_[a-zA-Z_0-9]+} 1 } } */
