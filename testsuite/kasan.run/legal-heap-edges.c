/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The last byte, and the last element of each size, of heap objects of
   every size from 1 to 300 is accessible: no report.  */
/* { dg-do run } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static void touch(char *p, size_t n)
{
	p[n - 1] = 1;
	if (n >= 2)
		*(volatile short *)(p + n - 2) = 2;
	if (n >= 4)
		*(volatile int *)(p + n - 4) = 4;
	if (n >= 8)
		*(volatile long *)(p + n - 8) = 8;
	if (n >= 16)
		*(volatile __int128 *)(p + n - 16) = 16;
	if (n >= 24) {
		struct s24 { char c[24]; } v = { { 0 } };
		memcpy(&v, p + n - 24, sizeof(v));
		*(struct s24 *)(p + n - 24) = v;
	}
	(void)*(volatile char *)p;
}

int main(void)
{
	for (size_t n = 1; n <= 300; n++) {
		char *p = malloc(n);

		touch(p, n);
		memset(p, 0, n);
		free(p);
	}
	return 0;
}
