/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A match loop that reads past the end of a heap buffer (its bytes equal
   the other buffer's up to there) is reported at the byte it reached:
   the versioned loop's test (calls) or the first window's (inline checks)
   finds the redzone and the checked loop runs.  */
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
	unsigned char *a = malloc(40), *b = malloc(300);

	memset(a, 'x', 40);
	memset(b, 'x', 300);
	match_length(a, b);
	free(b);
	free(a);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in match_length\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "located 0 bytes to the right of\[^\n\]*\n\[^\n\]*40-byte region" } */
