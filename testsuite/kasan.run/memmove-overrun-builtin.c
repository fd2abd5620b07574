/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memmove of 33 bytes into a 32-byte heap object (the call as the compiler sees it). */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

static char src[64];

__attribute__((noipa)) static void overrun(char *p, size_t n)
{
	memmove(p, src, n);
	/* No tail call: this function must be the report's frame. */
	__asm__ volatile("" ::: "memory");
}

int main(void)
{
	char *p = malloc(32);

	overrun(p, 33);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in overrun\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 33 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-32 of size 32\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n allocated 32-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
