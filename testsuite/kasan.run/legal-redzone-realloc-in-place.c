/* SPDX-License-Identifier: GPL-2.0-or-later */
/* No redzone report for correct programs that change an object's size
   in place: realloc() shrinking within its class (the tail becomes
   redzone and gets the pattern), then growing (moves), many sizes, and
   frees that push every object through the quarantine.  */
/* { dg-do run } */
/* { dg-kasan-env KASAN_OPTIONS quarantine_size=4096 } */

#include <stdlib.h>
#include <string.h>

int main(void)
{
	for (size_t n = 1; n < 5000; n += 7) {
		char *p = malloc(n);

		memset(p, 1, n);
		p = realloc(p, n / 2 + 1);
		memset(p, 2, n / 2 + 1);
		p = realloc(p, n + 40);
		memset(p, 3, n + 40);
		free(p);
	}
	for (int i = 0; i < 4; i++) {
		char *big = malloc(100000 + i);

		memset(big, 4, 100000 + i);
		big = realloc(big, 70000);
		memset(big, 5, 70000);
		free(big);
	}
	return 0;
}
