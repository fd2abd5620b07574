// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checked mem*() and str*() functions.  The executable's definitions
 * take the place of glibc's for the program and its libraries (not for
 * glibc's internal calls), so uninstrumented code that copies through
 * them is checked too, as the kernel's memcpy() checks every caller.
 *
 * Each function checks the bytes it reads and writes with
 * kasan_check_range(), whose report names the caller, and then does the
 * work itself: glibc's versions cannot be called, these replace them.
 * As in the kernel, a copy or fill whose check failed is not done (the
 * overflow would trample the redzone and the heap's metadata); functions
 * that only read return their result either way.
 *
 * This file must be built with -fno-builtin and
 * -fno-tree-loop-distribute-patterns, or GCC turns the loops below back
 * into calls of the functions they implement.
 */
#define _GNU_SOURCE
#include <string.h>
#include <strings.h>

#include "hosted.h"

typedef uint64_t __attribute__((may_alias, aligned(1))) word_u;
typedef uint64_t __attribute__((may_alias)) word_a;

#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

/*
 * The word's zero bytes, as their high bits: the lowest one flagged is
 * the first zero byte (a borrow can flag a byte only above a zero one).
 */
static inline uint64_t zero_bytes(uint64_t w)
{
	return (w - ONES) & ~w & HIGHS;
}

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
	       "first_flagged() takes a word's first byte as its lowest");

/* The index of the first byte of a word with a bit set in FLAGS != 0. */
static inline size_t first_flagged(uint64_t flags)
{
	return __builtin_ctzll(flags) / 8;
}

/* --- the unchecked work --- */

static inline void copy_forward(char *d, const char *s, size_t n)
{
	while (n >= 32) {
		uint64_t a = ((const word_u *)s)[0];
		uint64_t b = ((const word_u *)s)[1];
		uint64_t c = ((const word_u *)s)[2];
		uint64_t e = ((const word_u *)s)[3];

		((word_u *)d)[0] = a;
		((word_u *)d)[1] = b;
		((word_u *)d)[2] = c;
		((word_u *)d)[3] = e;
		d += 32;
		s += 32;
		n -= 32;
	}
	while (n >= 8) {
		*(word_u *)d = *(const word_u *)s;
		d += 8;
		s += 8;
		n -= 8;
	}
	while (n--)
		*d++ = *s++;
}

static inline void copy_backward(char *d, const char *s, size_t n)
{
	d += n;
	s += n;
	while (n >= 32) {
		uint64_t a = ((const word_u *)s)[-1];
		uint64_t b = ((const word_u *)s)[-2];
		uint64_t c = ((const word_u *)s)[-3];
		uint64_t e = ((const word_u *)s)[-4];

		((word_u *)d)[-1] = a;
		((word_u *)d)[-2] = b;
		((word_u *)d)[-3] = c;
		((word_u *)d)[-4] = e;
		d -= 32;
		s -= 32;
		n -= 32;
	}
	while (n >= 8) {
		d -= 8;
		s -= 8;
		*(word_u *)d = *(const word_u *)s;
		n -= 8;
	}
	while (n--)
		*--d = *--s;
}

static inline void fill(char *d, int c, size_t n)
{
	uint64_t w = (uint8_t)c * ONES;

	while (n >= 32) {
		((word_u *)d)[0] = w;
		((word_u *)d)[1] = w;
		((word_u *)d)[2] = w;
		((word_u *)d)[3] = w;
		d += 32;
		n -= 32;
	}
	while (n >= 8) {
		*(word_u *)d = w;
		d += 8;
		n -= 8;
	}
	while (n--)
		*d++ = (char)c;
}

/*
 * Aligned words never cross a page, so reading before the start and past
 * the end is safe; the bytes of the first word before S count as non-zero.
 */
static inline size_t length(const char *s)
{
	unsigned long head = (unsigned long)s & 7;
	const word_a *w = (const word_a *)(s - head);
	uint64_t zeros = zero_bytes(*w | ((1ULL << 8 * head) - 1));

	while (!zeros)
		zeros = zero_bytes(*++w);
	return (const char *)w - s + first_flagged(zeros);
}

static inline size_t length_max(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

static inline int compare(const unsigned char *a, const unsigned char *b,
			  size_t n)
{
	while (n >= 8 && *(const word_u *)a == *(const word_u *)b) {
		a += 8;
		b += 8;
		n -= 8;
	}
	for (; n; n--, a++, b++)
		if (*a != *b)
			return *a - *b;
	return 0;
}

void *kasan_hosted_memcpy(void *dst, const void *src, size_t n)
{
	copy_forward(dst, src, n);
	return dst;
}

void *kasan_hosted_memmove(void *dst, const void *src, size_t n)
{
	if ((unsigned long)dst - (unsigned long)src >= n)
		copy_forward(dst, src, n);
	else
		copy_backward(dst, src, n);
	return dst;
}

void *kasan_hosted_memset(void *dst, int c, size_t n)
{
	fill(dst, c, n);
	return dst;
}

size_t kasan_hosted_strlen(const char *s)
{
	return length(s);
}

/* --- checks --- */

static inline bool check_read(const void *p, size_t n, unsigned long ip)
{
	kasan_hosted_ensure_shadow();
	return kasan_check_range((unsigned long)p, n, false, ip);
}

static inline bool check_write(const void *p, size_t n, unsigned long ip)
{
	kasan_hosted_ensure_shadow();
	return kasan_check_range((unsigned long)p, n, true, ip);
}

static inline void *checked_copy(void *dst, const void *src, size_t n,
				 unsigned long ip)
{
	if (check_read(src, n, ip) && check_write(dst, n, ip))
		copy_forward(dst, src, n);
	return dst;
}

static inline void *checked_move(void *dst, const void *src, size_t n,
				 unsigned long ip)
{
	if (check_read(src, n, ip) && check_write(dst, n, ip))
		kasan_hosted_memmove(dst, src, n);
	return dst;
}

static inline void *checked_fill(void *dst, int c, size_t n,
				 unsigned long ip)
{
	if (check_write(dst, n, ip))
		fill(dst, c, n);
	return dst;
}

/* --- the C library's functions --- */

void *memcpy(void *dst, const void *src, size_t n)
{
	return checked_copy(dst, src, n, KASAN_RET_IP);
}

void *mempcpy(void *dst, const void *src, size_t n)
{
	return (char *)checked_copy(dst, src, n, KASAN_RET_IP) + n;
}

void *memmove(void *dst, const void *src, size_t n)
{
	return checked_move(dst, src, n, KASAN_RET_IP);
}

void *memset(void *dst, int c, size_t n)
{
	return checked_fill(dst, c, n, KASAN_RET_IP);
}

void bzero(void *dst, size_t n)
{
	checked_fill(dst, 0, n, KASAN_RET_IP);
}

/* The whole of both ranges, as the compiler's own checks of memcmp(). */
int memcmp(const void *a, const void *b, size_t n)
{
	check_read(a, n, KASAN_RET_IP);
	check_read(b, n, KASAN_RET_IP);
	return compare(a, b, n);
}

int bcmp(const void *a, const void *b, size_t n)
{
	check_read(a, n, KASAN_RET_IP);
	check_read(b, n, KASAN_RET_IP);
	return compare(a, b, n);
}

/* memchr() stops at the first match (C11): only that far is read. */
void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] == (unsigned char)c)
			break;
	check_read(s, i < n ? i + 1 : n, KASAN_RET_IP);
	return i < n ? (void *)(p + i) : NULL;
}

size_t strlen(const char *s)
{
	size_t n = length(s);

	check_read(s, n + 1, KASAN_RET_IP);
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = length_max(s, max);

	check_read(s, n < max ? n + 1 : max, KASAN_RET_IP);
	return n;
}

char *strcpy(char *dst, const char *src)
{
	size_t n = length(src) + 1;

	if (check_read(src, n, KASAN_RET_IP) &&
	    check_write(dst, n, KASAN_RET_IP))
		copy_forward(dst, src, n);
	return dst;
}

char *stpcpy(char *dst, const char *src)
{
	size_t n = length(src);

	if (check_read(src, n + 1, KASAN_RET_IP) &&
	    check_write(dst, n + 1, KASAN_RET_IP))
		copy_forward(dst, src, n + 1);
	return dst + n;
}

/* strncpy() writes all n bytes, padding with NULs. */
char *strncpy(char *dst, const char *src, size_t n)
{
	size_t len = length_max(src, n);

	if (check_read(src, len < n ? len + 1 : n, KASAN_RET_IP) &&
	    check_write(dst, n, KASAN_RET_IP)) {
		copy_forward(dst, src, len);
		fill(dst + len, 0, n - len);
	}
	return dst;
}

char *strcat(char *dst, const char *src)
{
	size_t dlen = length(dst), slen = length(src);

	if (check_read(dst, dlen + 1, KASAN_RET_IP) &&
	    check_read(src, slen + 1, KASAN_RET_IP) &&
	    check_write(dst + dlen, slen + 1, KASAN_RET_IP))
		copy_forward(dst + dlen, src, slen + 1);
	return dst;
}

/* At most n bytes of src, then a NUL. */
char *strncat(char *dst, const char *src, size_t n)
{
	size_t dlen = length(dst), slen = length_max(src, n);

	if (check_read(dst, dlen + 1, KASAN_RET_IP) &&
	    check_read(src, slen < n ? slen + 1 : n, KASAN_RET_IP) &&
	    check_write(dst + dlen, slen + 1, KASAN_RET_IP)) {
		copy_forward(dst + dlen, src, slen);
		dst[dlen + slen] = '\0';
	}
	return dst;
}

/* Can a word be read at p without crossing into the next page? */
static inline bool word_in_page(const void *p)
{
	return ((unsigned long)p & (KASAN_PAGE_SIZE - 1)) <=
	       KASAN_PAGE_SIZE - 8;
}

/* The index of the first byte where a and b differ or a ends. */
static inline size_t mismatch(const unsigned char *a, const unsigned char *b)
{
	size_t i = 0;

	for (;;) {
		if (word_in_page(a + i) && word_in_page(b + i)) {
			uint64_t x = *(const word_u *)(a + i);
			uint64_t y = *(const word_u *)(b + i);
			uint64_t stop = (x ^ y) | zero_bytes(x);

			if (stop)
				return i + first_flagged(stop);
			i += 8;
			continue;
		}
		/* Near a page end: byte by byte. */
		if (a[i] != b[i] || !a[i])
			return i;
		i++;
	}
}

int strcmp(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a;
	const unsigned char *q = (const unsigned char *)b;
	size_t i = mismatch(p, q);

	check_read(a, i + 1, KASAN_RET_IP);
	check_read(b, i + 1, KASAN_RET_IP);
	return p[i] - q[i];
}

int strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a;
	const unsigned char *q = (const unsigned char *)b;
	size_t i = 0;

	if (!n)
		return 0;
	while (i + 1 < n && p[i] && p[i] == q[i])
		i++;
	check_read(a, i + 1, KASAN_RET_IP);
	check_read(b, i + 1, KASAN_RET_IP);
	return p[i] - q[i];
}

char *strchr(const char *s, int c)
{
	size_t i = 0;

	while (s[i] && s[i] != (char)c)
		i++;
	check_read(s, i + 1, KASAN_RET_IP);
	return s[i] == (char)c ? (char *)s + i : NULL;
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;
	size_t i;

	for (i = 0;; i++) {
		if (s[i] == (char)c)
			last = s + i;
		if (!s[i])
			break;
	}
	check_read(s, i + 1, KASAN_RET_IP);
	return (char *)last;
}

char *strdup(const char *s)
{
	size_t n = length(s) + 1;
	char *p;

	check_read(s, n, KASAN_RET_IP);
	p = kasan_hosted_alloc(n, 16, KASAN_RET_IP);
	if (p)
		copy_forward(p, s, n);
	return p;
}

char *strndup(const char *s, size_t max)
{
	size_t n = length_max(s, max);
	char *p;

	check_read(s, n < max ? n + 1 : max, KASAN_RET_IP);
	p = kasan_hosted_alloc(n + 1, 16, KASAN_RET_IP);
	if (p) {
		copy_forward(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* GCC's asan-kernel-mem-intrinsic-prefix (the plugin's prefix mode). */
void *__asan_memcpy(void *dst, const void *src, size_t n);
void *__asan_memmove(void *dst, const void *src, size_t n);
void *__asan_memset(void *dst, int c, size_t n);

void *__asan_memcpy(void *dst, const void *src, size_t n)
{
	return checked_copy(dst, src, n, KASAN_RET_IP);
}

void *__asan_memmove(void *dst, const void *src, size_t n)
{
	return checked_move(dst, src, n, KASAN_RET_IP);
}

void *__asan_memset(void *dst, int c, size_t n)
{
	return checked_fill(dst, c, n, KASAN_RET_IP);
}
