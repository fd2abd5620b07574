/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcpy, memmove, memset, strlen, strcpy, strdup, strcmp of exactly
   the objects' sizes, and realloc/calloc keeping and zeroing data: no
   report.  */
/* { dg-do run } */

#include <stdlib.h>
#include <string.h>

static void *(*volatile copy)(void *, const void *, size_t) = memcpy;

int main(void)
{
	char *a = malloc(37), *b = malloc(37), *s, *d;
	int *z;

	memset(a, 'x', 37);
	memcpy(b, a, 37);
	copy(b, a, 37);
	memmove(b + 1, b, 36);
	if (memcmp(a + 1, b + 1, 36))
		return 1;
	a[36] = '\0';
	s = strdup(a);
	if (strlen(s) != 36 || strcmp(s, a))
		return 1;
	d = malloc(37);
	strcpy(d, s);
	a = realloc(a, 100);
	if (a[35] != 'x')
		return 1;
	a = realloc(a, 10);
	if (a[9] != 'x')
		return 1;
	z = calloc(13, sizeof(int));
	for (int i = 0; i < 13; i++)
		if (z[i])
			return 1;
	free(z);
	free(d);
	free(s);
	free(a);
	free(b);
	return 0;
}
