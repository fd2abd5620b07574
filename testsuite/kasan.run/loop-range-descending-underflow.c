/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A loop that writes an array from its end down, given a pointer one
   element before a heap object, writes into the object's left redzone:
   reported, though its checks became one range check before the loop
   that starts at the lowest element.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static void fill_down(long *a, int n)
{
	for (int i = n - 1; i >= 0; i--)
		a[i] = i;
}

int main(void)
{
	long *p = malloc(4 * sizeof(long));

	fill_down(p - 1, 5);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in fill_down\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size (40|8) at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
