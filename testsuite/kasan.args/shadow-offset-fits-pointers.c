/* A 32-bit shadow-offset with -m32 (or on 32-bit ARM) is accepted and used.  */
/* { dg-do compile } */
/* { dg-options "-O2 -m32 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x20000000" { target x86_64-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-shadow-offset=0x20000000" { target arm*-*-* } } */

int f (int *p) { return *p; }

/* { dg-final { scan-assembler {536870912|0x20000000} } } */
