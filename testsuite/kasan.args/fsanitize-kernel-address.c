/* The plugin refuses to work together with GCC's own
   -fsanitize=kernel-address: the compilation fails.  (Native GCC alone
   compiles this file, so a non-zero exit comes from the plugin.)  */
/* { dg-do compile } */
/* { dg-options "-O2 -fsanitize=kernel-address" } */
/* { dg-kasan-expect-error {error} } */

int f (int *p) { return *p; }
