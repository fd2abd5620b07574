/* Section anchors (-fsection-anchors, on for ARM from -O1): GCC fixes
   each object's offset in its section's anchor block when code first
   uses it, before the plugin grows the protected globals.  Protected
   globals and literals must stay out of the blocks, or code reads them at
   stale offsets, inside another object's redzone, and the assembler warns
   "Warning: .space repeat count is zero, ignored" (an excess error
   here).  Assembled at every optimisation level.  */
/* { dg-do assemble { target arm*-*-* } } */
/* { dg-options "-fplugin-arg-kasan-globals" } */

int a[3] = { 1, 2, 3 };
int b[5] = { 4, 5, 6, 7, 8 };
static int c[2] = { 9, 10 };
static const char s[] = "hello world";
static char zeroed[6];

int get_a1 (void) { return a[1]; }
int get_b2 (void) { return b[2]; }
int get_c (int i) { return c[i]; }
const char *str (void) { return s; }
char *buf (void) { return zeroed; }
const char *lit (void) { return "a literal of some length"; }
int sum (void) { return a[2] + b[4] + c[1] + zeroed[5]; }
