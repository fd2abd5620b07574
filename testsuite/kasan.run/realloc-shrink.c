/* SPDX-License-Identifier: GPL-2.0-or-later */
/* After realloc shrinks an object (in place or not), its old tail is
   redzone. */
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
	char *p = malloc(40);

	p = realloc(p, 20);
	load(p, 30);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-\[0-9\]+ of size \[0-9\]+\n" } */
/* { dg-output "The buggy address is located 10 bytes to the right of\n allocated 20-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n" } */
