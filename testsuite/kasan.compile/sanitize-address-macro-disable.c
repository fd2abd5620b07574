/* With disable, the plugin does nothing: no __SANITIZE_ADDRESS__.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-disable" } */
/* { dg-kasan-native-skip "plugin argument" } */

#ifdef __SANITIZE_ADDRESS__
int sanitize_address_defined;
#endif
int other;

/* { dg-final { scan-assembler-not {\msanitize_address_defined\M} } } */
/* { dg-final { scan-assembler {\mother\M} } } */
