/* SPDX-License-Identifier: GPL-2.0-or-later */
/* KASAN_OPTIONS=fault=panic: the program ends right after the report.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-env KASAN_OPTIONS fault=panic } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noipa)) static char load(char *p, size_t i)
{
	return p[i];
}

int main(void)
{
	char *p = malloc(8);

	load(p, 8);
	fprintf(stderr, "still running\n");
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+\[^\n\]*\n" } */
/* { dg-output "(\[^s\]|s\[^t\]|st\[^i\])*$" } */
