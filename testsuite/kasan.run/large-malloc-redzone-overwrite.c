/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A write without checks 5 bytes past a large allocation lands in the
   page of redzone after it; its pattern is found damaged at free.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa, no_sanitize_address)) static void unchecked_store(char *p, size_t i)
{
	p[i] = 'C';
}

int main(void)
{
	char *p = malloc(100000);

	unchecked_store(p, 100005);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in main\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 1 at addr \[0-9a-f\]+ that no check saw, found at free time by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "which belongs to the cache malloc-large of size 100000\n" } */
/* { dg-output "The buggy address is located 5 bytes to the right of\n allocated 100000-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n.*" } */
/* { dg-output "The redzone bytes \\\[\[0-9a-f\]+, \[0-9a-f\]+\\) should be fc each; they hold:\n 43\n" } */
