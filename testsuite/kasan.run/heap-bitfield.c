/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A bitfield store in a struct that is one byte short. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

struct bits {
	unsigned int a : 4;
	unsigned int b : 28;
};

__attribute__((noipa)) static void set_b(struct bits *p)
{
	p->b = 5;
}

int main(void)
{
	struct bits *p = malloc(3);

	set_b(p);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in set_b\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-16 of size 16\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n allocated 3-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
