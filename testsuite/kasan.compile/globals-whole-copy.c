/* A whole global copied by value moves its own size, not its redzone:
   the redzone is added only after every function is compiled (RTL copies
   a variable by DECL_SIZE).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */

struct s { volatile int a; int b, c, d, e; } g;

struct s
copy (void)
{
  return g;
}

/* round_up(round_up(20, 8) + 32, alignment): x86_64 aligns the struct to
   32 bytes, 32-bit ARM to 8.  */
/* { dg-final { scan-assembler {\.size\s+g, 64} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.size\s+g, 56} { target arm*-*-* } } } */
/* 20 bytes: never a 64-byte (16 x movsl) block move.  */
/* { dg-final { scan-assembler-not {movl\s+\$16, %ecx} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-not {\m64\s*\(%r} { target x86_64-*-* } } } */
