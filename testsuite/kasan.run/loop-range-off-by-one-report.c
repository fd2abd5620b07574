/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An off-by-one loop over a heap array, its stores checked as one range
   before the loop (plugin/hoist.c), is reported as a write of that
   range, 32 bytes from the array's start, described at its start as
   mainline describes any range access, and then where it goes bad: right
   after the 28-byte object.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-native-skip "native GCC checks each store in the loop" } */

#include <stdlib.h>

__attribute__((noipa)) static void fill(int *a, int n)
{
	for (int i = 0; i <= n; i++)
		a[i] = i;
}

int main(void)
{
	int *a = malloc(7 * sizeof(int));

	fill(a, 7);
	free(a);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in fill\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 32 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-32 of size 32\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n allocated 28-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
/* { dg-output ".*\nThe first bad byte of the access is at \[0-9a-f\]+, 28 bytes into it\n" } */
