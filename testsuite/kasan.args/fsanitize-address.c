/* The plugin refuses to work together with -fsanitize=address.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fsanitize=address" } */
/* { dg-kasan-expect-error {error} } */

int f (int *p) { return *p; }
