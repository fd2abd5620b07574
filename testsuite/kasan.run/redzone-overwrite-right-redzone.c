/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A write without checks runs 4 bytes past the end of a 384-byte
   object, whose class leaves it no slack: into the right redzone, before
   the metadata at the slot's end.  Found when the object is freed.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa, no_sanitize_address)) static void unchecked_fill(char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((volatile char *)p)[i] = 0;
}

int main(void)
{
	char *p = malloc(384);

	unchecked_fill(p, 388);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in main\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 4 at addr \[0-9a-f\]+ that no check saw, found at free time by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-384 of size 384\n" } */
/* { dg-output "The buggy address is located 0 bytes to the right of\n allocated 384-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n.*" } */
/* { dg-output "The redzone bytes \\\[\[0-9a-f\]+, \[0-9a-f\]+\\) should be fc each; they hold:\n 00 00 00 00\n" } */
