/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A use after free that is caught only because the quarantine kept the object from being reused by the 1000 allocations of the same size after it. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static void store(char *p)
{
	*p = 1;
}

int main(void)
{
	static char *later[1000];
	char *p = malloc(24);

	free(p);
	for (int i = 0; i < 1000; i++) {
		later[i] = malloc(24);
		if (later[i] == p)
			return 2;	/* reused: no quarantine */
	}
	store(p);
	return 0;
}
/* { dg-output "BUG: KASAN: use-after-free in store\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-32 of size 32\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n freed 24-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
