/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A write without checks into the redzone of an object that is already
   freed: it waits in the quarantine (1 KiB of it here), and the
   damage is found when later frees push it out.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-env KASAN_OPTIONS quarantine_size=1024 } */

#include <stdlib.h>

__attribute__((noipa, no_sanitize_address)) static void unchecked_store(char *p, size_t i)
{
	p[i] = 'B';
}

char *volatile sink;

__attribute__((noipa)) static void churn(void)
{
	for (int i = 0; i < 8; i++) {
		sink = malloc(300);
		free(sink);
	}
}

int main(void)
{
	char *p = malloc(300);

	free(p);
	unchecked_store(p, 310);
	churn();
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in churn\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 1 at addr \[0-9a-f\]+ that no check saw, found when the object left the quarantine, by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "Allocated by task \[0-9\]+:\n.*" } */
/* { dg-output "Freed by task \[0-9\]+:\n.*" } */
/* { dg-output "The buggy address is located 10 bytes to the right of\n freed 300-byte region \\\[\[0-9a-f\]+, \[0-9a-f\]+\\)\n.*" } */
/* { dg-output "The redzone bytes \\\[\[0-9a-f\]+, \[0-9a-f\]+\\) should be fc each; they hold:\n 42\n" } */
