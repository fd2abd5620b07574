/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A loop bounded by an n so large that its range in bytes would wrap
   (n * 4 past 2^64) must not pass the versioned loop's test: it takes
   the checked loop, which reports the read past the array.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdint.h>
#include <stdlib.h>

__attribute__((noipa)) static unsigned long
find_zero(const int *a, unsigned long n)
{
	unsigned long i = 0;

	while (i < n && a[i] != 0)
		i++;
	return i;
}

int main(void)
{
	int *a = malloc(8 * sizeof(int));

	for (int i = 0; i < 8; i++)
		a[i] = i + 1;
	find_zero(a, SIZE_MAX / 4 + 2);
	free(a);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in find_zero\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n" } */
