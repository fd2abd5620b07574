/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A match loop whose bound (258 bytes) reaches past both buffers, but
   whose data stops it inside them, makes no report: the test of the
   bound's range fails and the checked loop runs, which reads only the
   bytes it compares.  */
/* { dg-do run } */

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
	unsigned char *a = malloc(40), *b = malloc(40);

	memset(a, 'x', 40);
	memset(b, 'x', 40);
	b[39] = 'y';
	if (match_length(a, b) != 39)
		return 2;
	free(b);
	free(a);
	return 0;
}
