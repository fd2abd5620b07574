/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Loops whose checks move before them read and write exactly their
   arrays, up to the last byte, in every direction, index type and step
   the plugin takes: no report.  Also loops that run zero times, and ones
   whose checks stay (early exit, stride, data-dependent end) stopping
   right at the end, and a copy whose store is an induction variable plus
   an invariant filling a buffer to its last byte.  */
/* { dg-do run } */

#include <stdlib.h>

__attribute__((noipa)) static long up(const int *a, int n)
{
	long s = 0;

	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}

__attribute__((noipa)) static void down(long *a, int n)
{
	for (int i = n - 1; i >= 0; i--)
		a[i] = i;
}

__attribute__((noipa)) static void bytes(unsigned char *p, unsigned int n)
{
	for (unsigned int i = 0; i != n; i++)
		p[i] ^= 0x5a;
}

__attribute__((noipa)) static long pointer_walk(const short *p, const short *end)
{
	long s = 0;

	while (p != end)
		s += *p++;
	return s;
}

__attribute__((noipa)) static void spread(int *q, const int *v, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		q[i] = *v;
}

__attribute__((noipa)) static int find(const int *a, int n, int key)
{
	for (int i = 0; i < n; i++)
		if (a[i] == key)
			return i;
	return -1;
}

__attribute__((noipa)) static long every_other(const long *a, int n)
{
	long s = 0;

	for (int i = 0; i < n; i += 2)
		s += a[i];
	return s;
}

/* The store is MEM[iv + dist] after ivopts: an IV plus an invariant. */
__attribute__((noipa)) static void copy_back(unsigned char *out,
					     unsigned long o,
					     unsigned long dist,
					     unsigned long len)
{
	for (unsigned long k = 0; k < len; k++, o++)
		out[o] = out[o - dist];
}

__attribute__((noipa)) static size_t length(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int main(void)
{
	for (int n = 0; n <= 40; n++) {
		int *a = calloc(n ? n : 1, sizeof(int));
		long *l = calloc(n ? n : 1, sizeof(long));
		unsigned char *b = calloc(n ? n : 1, 1);
		short *h = calloc(n ? n : 1, sizeof(short));
		int *v = malloc(sizeof(int));
		char *s = malloc(n + 1);

		*v = n;
		for (int i = 0; i < n; i++)
			s[i] = 'x';
		s[n] = 0;
		up(a, n);
		down(l, n);
		bytes(b, n);
		pointer_walk(h, h + n);
		spread(a, v, n);
		find(a, n, -1);
		every_other(l, n);
		if (n)
			copy_back(b, 1, 1, n - 1);
		length(s);
		free(a);
		free(l);
		free(b);
		free(h);
		free(v);
		free(s);
	}
	return 0;
}
