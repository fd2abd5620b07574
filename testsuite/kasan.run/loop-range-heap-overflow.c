/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A loop that reads one element past a heap array is reported, though
   its checks became one range check before the loop: the report gives
   the whole run of reads, five ints from the array's start.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static int sum(const int *a, int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}

int main(void)
{
	int *a = calloc(4, sizeof(int));

	sum(a, 5);
	free(a);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in sum\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size (20|4) at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
