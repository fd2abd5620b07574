/* outline with call-threshold is an impossible combination: an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-outline -fplugin-arg-kasan-call-threshold=5" } */
/* { dg-kasan-expect-error {-fplugin-arg-kasan-(outline|call-threshold)} } */

int f (int *p) { return *p; }
