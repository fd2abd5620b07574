// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shadow memory: marking ranges accessible or not, and asking whether a
 * range is.  One shadow byte describes one 8-byte granule: 0 if all of it
 * is accessible, 1..7 if only that many leading bytes are, a KASAN_*
 * value (>= 0x80) if none is.
 */
#include "kasan_core.h"

/* Eight bytes read or written at once, whatever their type. */
typedef uint64_t __attribute__((may_alias)) fill_word_t;

/*
 * Eight bytes a store where they are aligned: a page's shadow (512
 * bytes) was a loop of 512 byte stores, the largest part of what our
 * runtime's hooks cost (make bench-kernel).  Not memset(): in the kernel
 * that is the checked one, and a portable core cannot name __memset().
 * For shadow and for redzones (redzone.c), which no check may see written.
 */
void kasan_fill(void *addr, uint8_t value, size_t n)
{
	uint64_t word = value * 0x0101010101010101ULL;
	uint8_t *p = addr;

	for (; n && ((unsigned long)p & 7); n--)
		*p++ = value;
	for (; n >= 8; n -= 8, p += 8)
		*(fill_word_t *)p = word;
	while (n--)
		*p++ = value;
}

/*
 * Mark [addr, addr + size) with value.  addr must be granule-aligned;
 * size is rounded up to whole granules, as a redzone always ends on a
 * granule boundary.
 */
void kasan_poison(const void *addr, size_t size, uint8_t value)
{
	if (!size)
		return;
	kasan_fill(kasan_shadow_of(addr), value,
		    kasan_round_up(size, KASAN_GRANULE_SIZE) >>
		    KASAN_SHADOW_SCALE_SHIFT);
}

/*
 * Mark [addr, addr + size) accessible; addr must be granule-aligned.  A
 * partial last granule gets its count of accessible bytes, so that the
 * bytes after the range stay poisoned: an object of 13 bytes has shadow
 * 00 05.
 */
void kasan_unpoison(const void *addr, size_t size)
{
	uint8_t *shadow = kasan_shadow_of(addr);
	size_t tail = size & KASAN_GRANULE_MASK;

	kasan_fill(shadow, 0, size >> KASAN_SHADOW_SCALE_SHIFT);
	if (tail)
		shadow[size >> KASAN_SHADOW_SCALE_SHIFT] = tail;
}

static bool byte_poisoned(unsigned long addr)
{
	int8_t s = *(int8_t *)kasan_shadow_of((void *)addr);

	return s && (int8_t)(addr & KASAN_GRANULE_MASK) >= s;
}

bool kasan_byte_accessible(const void *addr)
{
	return !byte_poisoned((unsigned long)addr);
}

/*
 * The first byte in [start, end) that is not value, or NULL; aligned
 * bytes eight at a time.  For shadow (the first non-zero byte) and for
 * redzones (the first byte not the pattern, redzone.c).
 */
const uint8_t *kasan_first_not(const uint8_t *start, const uint8_t *end,
			       uint8_t value)
{
	uint64_t word = value * 0x0101010101010101ULL;

	while (start < end && ((unsigned long)start & 7))
		if (*start++ != value)
			return start - 1;
	while (start + 8 <= end) {
		if (*(const fill_word_t *)start != word)
			break;
		start += 8;
	}
	for (; start < end; start++)
		if (*start != value)
			return start;
	return NULL;
}

/*
 * The first byte of [addr, addr + size) that may not be accessed, or
 * addr + size if there is none.  Whole granules are skipped eight shadow
 * bytes at a time; only a granule with a non-zero shadow byte is looked
 * at byte by byte.
 */
unsigned long kasan_first_bad_addr(unsigned long addr, size_t size)
{
	unsigned long end = addr + size;
	unsigned long p = addr;

	while (p < end) {
		unsigned long granule_end;
		const uint8_t *s;

		if (byte_poisoned(p))
			return p;
		granule_end = kasan_round_up(p + 1, KASAN_GRANULE_SIZE);
		if (granule_end > end)
			granule_end = end;
		/* The rest of p's granule: bad from its shadow count on. */
		s = kasan_shadow_of((void *)p);
		if (*s && granule_end > kasan_round_down(p, KASAN_GRANULE_SIZE) + *s)
			return kasan_round_down(p, KASAN_GRANULE_SIZE) + *s;
		p = granule_end;
		if (p >= end)
			break;
		/* Whole granules up to the last one. */
		s = kasan_first_not(kasan_shadow_of((void *)p),
				    kasan_shadow_of((void *)(end - 1)), 0);
		if (s)
			p = (unsigned long)kasan_mem_of_shadow(s);
		else
			p = kasan_round_down(end - 1, KASAN_GRANULE_SIZE);
	}
	return end;
}

bool kasan_region_is_poisoned(unsigned long addr, size_t size)
{
	return size && kasan_first_bad_addr(addr, size) != addr + size;
}
