/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Accesses inside objects the function just allocated, at indexes a mask,
   a remainder or a shift keeps inside them, test only the object's first
   byte (plugin/fresh.c): every such access to every byte, in objects of
   1 to 40 bytes, some smaller than a granule, is no report, and the
   values read back are the ones written.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

__attribute__((noipa)) static int bytes_masked(unsigned int n)
{
	unsigned char *p = malloc(8);
	int sum = 0;

	for (unsigned int i = 0; i < n; i++)
		p[i & 7] = i;
	for (unsigned int i = 0; i < n; i++)
		sum += p[(i * 5) % 8];
	free(p);
	return sum;
}

__attribute__((noipa)) static int odd_size(unsigned int i)
{
	unsigned char *p = malloc(5);
	int v;

	p[i % 5] = 7;
	p[(i + 1) % 5] = 9;
	v = p[i % 5] + p[(i + 1) % 5];
	free(p);
	return v;
}

__attribute__((noipa)) static long sum4(const long *p)
{
	return p[0] + p[1] + p[2] + p[3];
}

__attribute__((noipa)) static long shifted(unsigned int key)
{
	long *p = calloc(4, sizeof(long));
	long v;

	p[key >> 30] = key;
	v = sum4(p);
	free(p);
	return v;
}

__attribute__((noipa)) static int chain(const int *start, unsigned int n)
{
	int *prev = malloc(64 * sizeof(int));
	int cand = 0, steps = 0;

	for (unsigned int i = 0; i < 64; i++)
		prev[i] = start[i];
	while (cand >= 0 && steps < (int)n) {
		cand = prev[cand % 64];
		steps++;
	}
	free(prev);
	return steps;
}

int main(void)
{
	int start[64];
	int bad = 0;

	for (unsigned int n = 1; n <= 40; n++)
		bad |= bytes_masked(n) < 0;
	for (unsigned int i = 0; i < 10; i++)
		bad |= odd_size(i) != 16;
	bad |= shifted(3u << 30) != (long)(3u << 30);
	for (int i = 0; i < 64; i++)
		start[i] = i == 63 ? -1 : i + 1;
	bad |= chain(start, 1000) != 64;
	if (bad)
		printf("wrong values\n");
	return bad;
}
