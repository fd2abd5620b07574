/* SPDX-License-Identifier: GPL-2.0-or-later */
/* KASAN_OPTIONS=multi_shot=1: both bad accesses are reported. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-env KASAN_OPTIONS multi_shot=1 } */
#include <stdlib.h>
#include <string.h>

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
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
