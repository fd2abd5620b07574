/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A 1-byte load of the element that does not fit in a 13-byte heap object. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

typedef char elem_t;

__attribute__((noipa)) static elem_t load(elem_t *p, size_t i)
{
	return p[i];
}

int main(void)
{
	elem_t *p = malloc(13);

	load(p, 13);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-16 of size 16\n" } */
/* { dg-output "The buggy address is located 0 bytes to the right of\n allocated 13-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
