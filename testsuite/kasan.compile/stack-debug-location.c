/* A local moved into the protected frame keeps its debug info: DWARF
   places it in the frame (DW_OP_fbreg), so a debugger still shows it
   rather than "optimized out".  Where the frame is realigned (ARM, whose
   frames are 32-byte aligned for word stores to their shadow), GCC
   places it from the register holding the aligned base (DW_OP_bregN).  */
/* { dg-do compile } */
/* { dg-options "-O2 -g -dA -fplugin-arg-kasan-stack" } */
/* { dg-kasan-native-skip "GCC lays its frames out itself" } */

void fill (char *p, int n);

int
use (void)
{
  int counter[3] = { 41, 42, 43 };
  fill ((char *) counter, 1);
  return counter[1];
}

/* { dg-final { scan-assembler {DW_AT_name: "counter"\n(?:[^\n]*\n){1,4}[^\n]*DW_AT_type\n[^\n]*DW_AT_location\n[^\n]*DW_OP_(fbreg|breg[0-9]+)} } } */
