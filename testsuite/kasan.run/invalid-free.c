/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Freeing a pointer into the middle of an object. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static void release(void *p)
{
	free(p);
	/* No tail call: this function must be the report's frame. */
	__asm__ volatile("" ::: "memory");
}

int main(void)
{
	char *p = malloc(64);

	release(p + 8);
	return 0;
}
/* { dg-output "BUG: KASAN: invalid-free in release\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Free of addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-64 of size 64\n" } */
/* { dg-output "The buggy address is located 8 bytes inside of\n allocated 64-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
