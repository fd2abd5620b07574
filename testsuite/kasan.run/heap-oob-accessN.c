/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A 24-byte struct load whose last 4 bytes are past a 20-byte heap object. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

struct s24 {
	char c[24];
};

__attribute__((noipa)) static struct s24 load(struct s24 *p)
{
	return *p;
}

int main(void)
{
	struct s24 *p = malloc(20);
	struct s24 v = load(p);

	free(p);
	return v.c[0];
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 24 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-32 of size 32\n" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n allocated 20-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
