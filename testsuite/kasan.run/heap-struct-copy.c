/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A struct copy into a heap object smaller than the struct. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

struct big {
	long v[6];
};

__attribute__((noipa)) static void store(struct big *dst, const struct big *src)
{
	*dst = *src;
}

int main(void)
{
	struct big src = { { 1, 2, 3, 4, 5, 6 } };
	struct big *dst = malloc(40);

	store(dst, &src);
	free(dst);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in store\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 48 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-48 of size 48\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n allocated 40-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
