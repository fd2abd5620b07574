/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Loops that run in windows with inline checks (plugin/window.c) read
   exactly their buffers, up to the last byte, at every length and offset,
   up and down, by bytes and by ints, and across shadow pages in a long
   run: no report and the right results, with no iteration done twice
   where the loop with checks takes over.  Windows reach past where the
   data stops the loop, into redzones; their tests fail there and the
   loop with its checks finishes without a report.  */
/* { dg-do run } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static unsigned long
match_up(const unsigned char *a, const unsigned char *b, unsigned long max)
{
	unsigned long len = 0;

	while (len < max && a[len] == b[len])
		len++;
	return len;
}

/* From a's and b's last bytes down: a[-len], b[-len]. */
__attribute__((noipa)) static unsigned long
match_down(const unsigned char *a, const unsigned char *b, unsigned long max)
{
	unsigned long len = 0;

	while (len < max && *(a - len) == *(b - len))
		len++;
	return len;
}

__attribute__((noipa)) static unsigned long
match_ints(const int *a, const int *b, unsigned long max)
{
	unsigned long len = 0;

	while (len < max && a[len] == b[len])
		len++;
	return len;
}

/* Adds a to dst until a and b differ: an iteration done twice shows. */
__attribute__((noipa)) static unsigned long
add_until(unsigned char *dst, const unsigned char *a, const unsigned char *b,
	  unsigned long max)
{
	unsigned long len = 0;

	while (len < max) {
		dst[len] += a[len];
		if (a[len] != b[len])
			break;
		len++;
	}
	return len;
}

static int added_once(unsigned long n)
{
	unsigned char *a = malloc(n), *b = malloc(n), *d = calloc(n, 1);
	int bad = 0;

	memset(a, 3, n);
	memset(b, 3, n);
	b[n - 1] = 4;
	bad = add_until(d, a, b, 1000) != n - 1;
	for (unsigned long i = 0; i < n; i++)
		bad |= d[i] != 3;
	free(a);
	free(b);
	free(d);
	return bad;
}

static int small_buffers(void)
{
	for (unsigned long n = 1; n <= 150; n++) {
		for (unsigned long off = 0; off < 8 && off < n; off++) {
			unsigned long m = n - off;
			unsigned char *a = malloc(n), *b = malloc(n);
			int *x = malloc(n * sizeof(int)), *y = malloc(n * sizeof(int));

			memset(a, 'k', n);
			memset(b, 'k', n);
			for (unsigned long i = 0; i < n; i++)
				x[i] = y[i] = (int)i;
			if (match_up(a + off, b + off, m) != m ||
			    match_down(a + n - 1, b + n - 1, m) != m ||
			    match_ints(x + off, y + off, m) != m)
				return 1;
			/* The data stops the loop before the end. */
			b[n - 1] = 'j';
			y[n - 1] = -1;
			if (match_up(a + off, b + off, 1000) != m - 1 ||
			    match_ints(x + off, y + off, 1000) != m - 1)
				return 1;
			b[n - 1] = 'k';
			b[n - 1 - (m - 1)] = 'j';
			if (match_down(a + n - 1, b + n - 1, 1000) != m - 1)
				return 1;
			free(a);
			free(b);
			free(x);
			free(y);
		}
		if (added_once(n))
			return 1;
	}
	return 0;
}

/* 200 KiB equal but for the last byte: the shadow crosses pages. */
static int long_run(void)
{
	unsigned long n = 200 << 10;
	unsigned char *a = malloc(n), *b = malloc(n);
	unsigned long len;

	memset(a, 'q', n);
	memset(b, 'q', n);
	b[n - 1] = 'r';
	len = match_up(a, b, n);
	free(a);
	free(b);
	return len != n - 1;
}

int main(void)
{
	return small_buffers() || long_run();
}
