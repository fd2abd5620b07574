/* A weak definition may lose to another unit's at link time, and its
   descriptor would then name that object with this unit's size: it is
   not protected (GCC registers it through a local alias instead).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */
/* { dg-kasan-native-skip "GCC protects weak globals through a local alias" } */

int weakv __attribute__ ((weak)) = 3;
int strongv = 4;

int get (void) { return weakv + strongv; }

/* { dg-final { scan-assembler-not {\.quad\s+weakv\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler-not {\.word\s+weakv\s} { target arm*-*-* } } } */
/* { dg-final { scan-assembler {\.size\s+weakv, 4\s} } } */
/* { dg-final { scan-assembler {\.quad\s+strongv\s+\.quad\s+4\s+\.quad\s+40\s} { target x86_64-*-* } } } */
/* { dg-final { scan-assembler {\.word\s+strongv\s+\.word\s+4\s+\.word\s+40\s} { target arm*-*-* } } } */
