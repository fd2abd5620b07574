/* SPDX-License-Identifier: GPL-2.0-or-later */
/* After realloc moves an object, the old pointer is freed memory. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static char load(char *p, size_t i)
{
	return p[i];
}

int main(void)
{
	char *old = malloc(16);
	char *p;

	old[0] = 1;
	p = realloc(old, 4000);
	load(old, 0);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: use-after-free in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-16 of size 16\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n freed 16-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
