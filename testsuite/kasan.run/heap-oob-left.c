/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A read just before a heap object is a slab-out-of-bounds to its left. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static char oob_left(char *p, long i)
{
	return p[i];
}

int main(void)
{
	char *p = malloc(32);

	oob_left(p, -1);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in oob_left\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-32 of size 32\n" } */
/* { dg-output "The buggy address is located 1 bytes to the left of\n allocated 32-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
