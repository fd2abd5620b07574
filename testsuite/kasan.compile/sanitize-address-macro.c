/* Like -fsanitize=kernel-address, the plugin predefines
   __SANITIZE_ADDRESS__, which kernel headers test.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#ifdef __SANITIZE_ADDRESS__
int sanitize_address_defined;
#endif

/* { dg-final { scan-assembler {\msanitize_address_defined\M} } } */
