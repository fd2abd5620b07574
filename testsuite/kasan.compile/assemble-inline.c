/* The inline checks, with their cold report blocks, assemble into an
   object file (dg-do assemble) in recover and no-recover mode alike.  */
/* { dg-do assemble } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-no-recover" } */

struct s3 { char c[3]; };

int ld4 (int *p) { return *p; }
#ifdef __SIZEOF_INT128__
void st16 (__int128 *p) { *p = 0; }
#else
void st8 (long long *p) { *p = 0; }
#endif
struct s3 ld3 (struct s3 *p) { return *p; }
