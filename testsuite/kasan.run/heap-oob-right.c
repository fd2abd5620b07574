/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A write one byte past a heap object is a slab-out-of-bounds. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static void oob_right(char *p, size_t i)
{
	p[i] = 1;
}

int main(void)
{
	char *p = malloc(10);

	oob_right(p, 10);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in oob_right\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-16 of size 16\n" } */
/* { dg-output "The buggy address is located 0 bytes to the right of\n allocated 10-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
