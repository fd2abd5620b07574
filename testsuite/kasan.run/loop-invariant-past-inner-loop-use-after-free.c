/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A freed object read in every iteration of a loop that holds a bounded
   inner loop: the read's check leaves the outer loop (plugin/hoist.c)
   and still reports it, with the read's own size and place.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static void chains(int *out, const unsigned char *a,
					  const int *limit, int n)
{
	for (int c = 0; c < n; c++) {
		int len = 0;

		while (len < 16 && a[len] == a[len + c])
			len++;
		out[c] = len + *limit;
	}
}

int main(void)
{
	unsigned char a[64] = { 0 };
	int out[8];
	int *limit = malloc(sizeof(*limit));

	free(limit);
	chains(out, a, limit, 8);
	return out[0];
}
/* { dg-output "BUG: KASAN: use-after-free in chains\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address is located 0 bytes inside of\n freed 4-byte region" } */
