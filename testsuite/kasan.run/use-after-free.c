/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A load from a freed heap object. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static int load(int *p)
{
	return *p;
}

int main(void)
{
	int *p = malloc(64);

	free(p);
	return load(p);
}
/* { dg-output "BUG: KASAN: use-after-free in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-64 of size 64\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n freed 64-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
