/* A value given to an argument that takes none is an error that names
   it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-stats=1" } */
/* { dg-kasan-expect-error {unexpected value in .-fplugin-arg-kasan-stats=1} } */

int f (int *p) { return *p; }
