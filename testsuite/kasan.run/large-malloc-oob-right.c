/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A large allocation (past the biggest size class, 64 KiB) is followed
   by a page of redzone: a write one byte past it is caught.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static void store(char *p, size_t i)
{
	p[i] = 1;
}

int main(void)
{
	char *p = malloc(1 << 20);

	store(p, 1 << 20);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in store\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "Allocated by task \[0-9\]+:\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-large of size 1048576\n" } */
/* { dg-output "The buggy address is located 0 bytes to the right of\n allocated 1048576-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
