/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An off-by-one loop over a heap array writes past its end: reported as
   the 4-byte store past it when the loop checks each store (no-hoist;
   loop-range-off-by-one-report.c has the plugin's default).  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-kasan-no-hoist" } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

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
/* { dg-output "Write of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-32 of size 32\n" } */
/* { dg-output "The buggy address is located 0 bytes to the right of\n allocated 28-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
