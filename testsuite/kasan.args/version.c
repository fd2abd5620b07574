/* -fplugin-arg-kasan-version prints the plugin's name and a version
   number.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-version" } */
/* { dg-kasan-prune {.} } */

int f (int *p) { return *p; }

/* { dg-final { scan-stderr {kasan[^\n]*[0-9]+\.[0-9]+} } } */
/* { dg-final { scan-stderr-not {internal compiler error} } } */
