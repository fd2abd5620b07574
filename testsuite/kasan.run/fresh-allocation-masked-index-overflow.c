/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An index masked to 0..31 into a fresh 16-int object can reach past its
   end: the store keeps its own check and the overflow is reported where
   it happens (a check moved to the object's first byte would pass).  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static int fill(unsigned int i)
{
	int *table = malloc(16 * sizeof(int));
	int first;

	table[i & 31] = 1;
	first = table[0];
	free(table);
	return first;
}

int main(void)
{
	return fill(20);
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in fill\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "located 16 bytes to the right of\n allocated 64-byte region" } */
