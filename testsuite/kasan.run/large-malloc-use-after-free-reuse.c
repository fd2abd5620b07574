/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A large allocation freed and followed by 64 more of the same size:
   the quarantine keeps the first from being reused, and a read of it is
   a use-after-free with its allocation and free stacks.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static char load(const char *p)
{
	return *p;
}

int main(void)
{
	char *p = malloc(1 << 20);

	p[0] = 1;
	free(p);
	for (int i = 0; i < 64; i++) {
		char *q = malloc(1 << 20);

		if (q == p)
			return 2;	/* reused: no quarantine */
		free(q);
	}
	return load(p);
}
/* { dg-output "BUG: KASAN: use-after-free in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "Allocated by task \[0-9\]+:\n.*" } */
/* { dg-output "Freed by task \[0-9\]+:\n.*" } */
/* { dg-output "which belongs to the cache malloc-large of size 1048576\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n freed 1048576-byte region" } */
