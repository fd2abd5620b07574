/* Outline mode needs a shadow offset too when the stack is protected (the
   frame's shadow is poisoned inline): no default for 32-bit pointers.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -m32 -fplugin-arg-kasan-stack" } */
/* { dg-kasan-expect-error {no default shadow offset for x86_64[-a-z]* with 32-bit pointers} } */

int f (int i) { int a[4]; extern void use (int *); use (a); return a[i]; }
