/* The descriptors follow the kernel's struct kasan_global (8 fields):
   beg, size, size_with_redzone, name, module_name, 0, 0, 0; a
   constructor of default priority (.init_array, no suffix) registers
   them, a destructor unregisters them.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */

int gint = 5;

int use (void) { return gint; }

/* { dg-final { scan-assembler {\.quad\s+gint\s+\.quad\s+4\s+\.quad\s+40\s+\.quad\s+\.LC[0-9]+\s+\.quad\s+\.LC[0-9]+\s+\.quad\s+0\s+\.quad\s+0\s+\.quad\s+0} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.word\s+gint\s+\.word\s+4\s+\.word\s+40\s+\.word\s+\.LC[0-9]+\s+\.word\s+\.LC[0-9]+\s+\.word\s+0\s+\.word\s+0\s+\.word\s+0} { target arm*-*-* } } } */
/* { dg-final { scan-assembler-times {\m__asan_register_globals\M} 1 } } */
/* { dg-final { scan-assembler-times {\m__asan_unregister_globals\M} 1 } } */
/* { dg-final { scan-assembler {\.section\s+\.init_array,} } } */
/* { dg-final { scan-assembler-not {\.init_array\.} } } */
/* { dg-final { scan-assembler {\.string\s+"gint"} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.ascii\s+"gint\\000"} { target arm*-*-* } } } */
