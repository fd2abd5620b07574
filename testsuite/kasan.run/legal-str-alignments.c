/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strlen and strcmp, which the hosted runtime does a word at a time, give
   the byte-by-byte answer at every alignment and length, for a difference
   at every position (bytes above 0x7f too), and for strings that end at
   a page's last byte: no report, no wrong result.  */
/* { dg-do run } */

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t byte_length(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static int byte_compare(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a;
	const unsigned char *q = (const unsigned char *)b;

	while (*p && *p == *q)
		p++, q++;
	return *p - *q;
}

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

/* A and B: LEN bytes each at offsets 0..15, differing at DIFF (or not). */
static int compare_all(char *a, char *b, size_t len)
{
	for (size_t off_a = 0; off_a < 16; off_a++)
		for (size_t off_b = 0; off_b < 16; off_b++)
			for (size_t diff = 0; diff <= len; diff++) {
				char *x = a + off_a, *y = b + off_b;

				for (size_t i = 0; i < len; i++)
					x[i] = y[i] = 'a' + i % 23;
				x[len] = y[len] = '\0';
				if (diff < len)
					y[diff] = diff & 1 ? (char)0xe9 : 'A';
				if (strlen(x) != byte_length(x) ||
				    sign(strcmp(x, y)) != sign(byte_compare(x, y)) ||
				    sign(strcmp(y, x)) != sign(byte_compare(y, x)))
					return 1;
			}
	return 0;
}

/* Strings whose terminator is the last byte of a page, the next unmapped. */
static int at_page_end(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || munmap(map + page, page))
		return 1;
	memset(map, 'k', page);
	map[page - 1] = '\0';
	for (size_t len = 0; len < 20; len++) {
		char *s = map + page - 1 - len;

		if (strlen(s) != len || strcmp(s, s) ||
		    sign(strcmp(s, "kkkkkkkkkkkkkkkkkkkkkkkkk")) >= 0)
			return 1;
	}
	return 0;
}

int main(void)
{
	char *a = malloc(64), *b = malloc(64);

	for (size_t len = 0; len < 40; len++)
		if (compare_all(a, b, len))
			return 1;
	free(a);
	free(b);
	return at_page_end();
}
