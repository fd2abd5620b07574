/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A match loop over a freed buffer is reported as a use-after-free: the
   versioned loop's test (calls) or the first window's (inline checks,
   plugin/window.c) finds freed shadow, and the checked loop runs.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static unsigned long
match_length(const unsigned char *a, const unsigned char *b)
{
	unsigned long len = 0;

	while (len < 258 && a[len] == b[len])
		len++;
	return len;
}

int main(void)
{
	unsigned char *a = malloc(64), *b = malloc(64);

	memset(a, 'x', 64);
	memset(b, 'y', 64);
	free(a);
	match_length(a, b);
	free(b);
	return 0;
}
/* { dg-output "BUG: KASAN: use-after-free in match_length\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n" } */
