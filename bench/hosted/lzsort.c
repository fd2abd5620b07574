// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A CPU-heavy workload for the hosted benchmark (make bench-hosted): it
 * generates a text of words, compresses it with an LZ77 coder using hash
 * chains, decompresses and compares, then sorts the text's lines (each a
 * malloc'd string) with a merge sort and hashes the result.  Loads and
 * stores dominate, through arrays, pointers and many small heap objects,
 * as in kernel code.
 *
 *   lzsort [MEGABYTES] [ROUNDS]     prints a checksum; exits 1 on a
 *                                   round trip that does not match
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HASH_BITS	15
#define WINDOW		(1 << 15)
#define MIN_MATCH	4
#define MAX_MATCH	258
#define MAX_CHAIN	32

static uint32_t rng_state = 12345;

static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

static const char *const words[] = {
	"kernel", "memory", "shadow", "slab", "object", "redzone", "page",
	"free", "alloc", "check", "report", "stack", "global", "inline",
	"outline", "granule", "poison", "quarantine", "cache", "task",
};

static size_t make_text(unsigned char *buf, size_t size)
{
	size_t n = 0;

	while (n + 16 < size) {
		const char *w = words[rng() % (sizeof(words) / sizeof(words[0]))];
		size_t len = strlen(w);

		memcpy(buf + n, w, len);
		n += len;
		buf[n++] = rng() % 9 ? ' ' : '\n';
	}
	return n;
}

static unsigned int hash4(const unsigned char *p)
{
	uint32_t v = p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;

	return (v * 2654435761u) >> (32 - HASH_BITS);
}

/* Output: literal byte 0..255 as (0, byte); match as (1, len, dist). */
static size_t compress(const unsigned char *in, size_t n, uint32_t *out)
{
	int32_t *head = malloc(sizeof(int32_t) << HASH_BITS);
	int32_t *prev = malloc(sizeof(int32_t) * WINDOW);
	size_t i = 0, o = 0;

	for (size_t h = 0; h < (1u << HASH_BITS); h++)
		head[h] = -1;
	while (i < n) {
		size_t best_len = 0, best_dist = 0;

		if (i + MIN_MATCH <= n) {
			unsigned int h = hash4(in + i);
			int32_t cand = head[h];
			int chain = MAX_CHAIN;

			while (cand >= 0 && i - cand < WINDOW && chain--) {
				size_t len = 0;

				while (i + len < n && len < MAX_MATCH &&
				       in[cand + len] == in[i + len])
					len++;
				if (len > best_len) {
					best_len = len;
					best_dist = i - cand;
				}
				cand = prev[cand % WINDOW];
			}
			prev[i % WINDOW] = head[h];
			head[h] = i;
		}
		if (best_len >= MIN_MATCH) {
			out[o++] = 1 | best_len << 1 | best_dist << 10;
			for (size_t k = 1; k < best_len && i + k + MIN_MATCH <= n; k++) {
				unsigned int h = hash4(in + i + k);

				prev[(i + k) % WINDOW] = head[h];
				head[h] = i + k;
			}
			i += best_len;
		} else {
			out[o++] = in[i++] << 1;
		}
	}
	free(head);
	free(prev);
	return o;
}

static size_t decompress(const uint32_t *in, size_t n, unsigned char *out)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		if (in[i] & 1) {
			size_t len = (in[i] >> 1) & 511, dist = in[i] >> 10;

			for (size_t k = 0; k < len; k++, o++)
				out[o] = out[o - dist];
		} else {
			out[o++] = in[i] >> 1;
		}
	}
	return o;
}

static void merge_sort(char **a, char **tmp, size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, k = 0;

	if (n < 2)
		return;
	merge_sort(a, tmp, mid);
	merge_sort(a + mid, tmp, n - mid);
	while (i < mid && j < n)
		tmp[k++] = strcmp(a[i], a[j]) <= 0 ? a[i++] : a[j++];
	while (i < mid)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, n * sizeof(*a));
}

static uint64_t sort_lines(const unsigned char *text, size_t n)
{
	size_t count = 0, cap = 1024, start = 0;
	char **lines = malloc(cap * sizeof(*lines)), **tmp;
	uint64_t sum = 0;

	for (size_t i = 0; i < n; i++) {
		if (text[i] != '\n')
			continue;
		if (count == cap) {
			cap *= 2;
			lines = realloc(lines, cap * sizeof(*lines));
		}
		lines[count] = malloc(i - start + 1);
		memcpy(lines[count], text + start, i - start);
		lines[count][i - start] = '\0';
		count++;
		start = i + 1;
	}
	tmp = malloc(count * sizeof(*tmp));
	merge_sort(lines, tmp, count);
	for (size_t i = 0; i < count; i++) {
		for (const char *p = lines[i]; *p; p++)
			sum = sum * 31 + (unsigned char)*p;
		free(lines[i]);
	}
	free(tmp);
	free(lines);
	return sum;
}

int main(int argc, char **argv)
{
	size_t size = (argc > 1 ? strtoul(argv[1], NULL, 0) : 8) << 20;
	int rounds = argc > 2 ? atoi(argv[2]) : 8;
	uint64_t sum = 0;

	for (int r = 0; r < rounds; r++) {
		unsigned char *text = malloc(size), *back = malloc(size);
		uint32_t *code = malloc(size * sizeof(uint32_t));
		size_t n = make_text(text, size);
		size_t m = compress(text, n, code);

		if (decompress(code, m, back) != n || memcmp(text, back, n)) {
			fprintf(stderr, "lzsort: round trip failed\n");
			return 1;
		}
		sum += m + sort_lines(text, n);
		free(code);
		free(back);
		free(text);
	}
	printf("%llx\n", (unsigned long long)sum);
	return 0;
}
