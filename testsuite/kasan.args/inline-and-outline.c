/* inline and outline together are contradictory: an error naming one of them.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-outline" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-(inline|outline)} } */

int f (int *p) { return *p; }
