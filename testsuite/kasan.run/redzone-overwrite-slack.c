/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A function without checks (no_sanitize_address, as assembly or a
   device would be) writes past a 10-byte object into the rest of its
   16-byte class.  No check sees the write; the redzone's pattern is
   found damaged when the object is freed, and the free is reported with
   the object and the damaged bytes.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa, no_sanitize_address)) static void unchecked_store(char *p, size_t i)
{
	p[i] = 'A';
}

int main(void)
{
	char *p = malloc(10);

	unchecked_store(p, 12);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in main\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 1 at addr \[0-9a-f\]+ that no check saw, found at free time by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "Allocated by task \[0-9\]+:\n.*" } */
/* { dg-output "The buggy address belongs to the object at \[0-9a-f\]+\n which belongs to the cache malloc-16 of size 16\n" } */
/* { dg-output "The buggy address is located 2 bytes to the right of\n allocated 10-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n.*" } */
/* { dg-output "The redzone bytes \\\[\[0-9a-f\]+, \[0-9a-f\]+\\) should be fc each; they hold:\n 41\n" } */
