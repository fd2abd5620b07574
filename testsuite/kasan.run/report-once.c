/* SPDX-License-Identifier: GPL-2.0-or-later */
/* By default only the first bad access is reported, as in the kernel.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static char load(char *p, size_t i)
{
	return p[i];
}

int main(void)
{
	char *p = malloc(8);

	load(p, 8);
	load(p, 9);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+\[^\n\]*\n" } */
/* { dg-output "(\[^B\]|B\[^U\]|BU\[^G\])*$" } */
