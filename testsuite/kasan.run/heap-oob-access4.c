/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A 4-byte load of the element that does not fit in a 22-byte heap object. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

typedef int elem_t;

__attribute__((noipa)) static elem_t load(elem_t *p, size_t i)
{
	return p[i];
}

int main(void)
{
	elem_t *p = malloc(22);

	load(p, 5);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-32 of size 32\n" } */
/* { dg-output "The buggy address is located 20 bytes inside of\n allocated 22-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
