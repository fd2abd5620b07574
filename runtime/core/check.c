// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks compilers call: __asan_load4_noabort(addr) and the rest of
 * GCC's kernel-address ABI (and the plain, abort-on-error variants of
 * user-space ASan), the inline checks' __asan_report_* calls, and
 * kasan_check_range() for the checked mem*() and string functions, and
 * the plugin's range test before a versioned loop.
 *
 * The ip of a report is the caller's return address: the instrumented
 * function that made the access.
 */
#include "kasan_core.h"

#define KASAN_RET_IP ((unsigned long)__builtin_return_address(0))

/*
 * Everything on the way from an entry point to kasan_report() is inlined:
 * in the kernel, these run inside user-access regions (objtool checks
 * that they call nothing but kasan_report(), which leaves the region).
 */
#define check_inline inline __attribute__((always_inline))

static check_inline bool byte_bad(unsigned long addr)
{
	int8_t s = *(int8_t *)kasan_shadow_of((void *)addr);

	return kasan_unlikely(s) && (int8_t)(addr & KASAN_GRANULE_MASK) >= s;
}

/* Eight shadow bytes at any alignment: an inlined load, never a call. */
static check_inline uint64_t load_word(const uint8_t *s)
{
	uint64_t w;

	__builtin_memcpy(&w, s, sizeof(w));
	return w;
}

/*
 * Is any shadow byte in [s, end) non-zero?  Words at any alignment, the
 * last one overlapping the one before, so no byte loop at either end: the
 * range test before a versioned loop reads a few words on every call.
 */
static check_inline bool shadow_nonzero(const uint8_t *s, const uint8_t *end)
{
	if (end - s < 8) {
		for (; s < end; s++)
			if (*s)
				return true;
		return false;
	}
	for (; s < end - 8; s += 8)
		if (load_word(s))
			return true;
	return load_word(end - 8) != 0;
}

/*
 * The last byte of an access decides its last granule; every granule
 * before that one must be wholly accessible, which a shadow byte of 0
 * says (a partial or poisoned granule has bytes of the access beyond its
 * accessible ones).  Accesses of 1..16 bytes span at most three shadow
 * bytes: no word loop for them.
 */
static check_inline bool access_bad(unsigned long addr, size_t size)
{
	unsigned long last = addr + size - 1;
	const uint8_t *s = kasan_shadow_of((void *)addr);
	const uint8_t *s_last = kasan_shadow_of((void *)last);

	if (byte_bad(last))
		return true;
	if (size > 16)
		return kasan_unlikely(shadow_nonzero(s, s_last));
	for (; s < s_last; s++)
		if (kasan_unlikely(*s))
			return true;
	return false;
}

/* Does [addr, addr + size), size > 0, neither wrap nor leave the shadow? */
static check_inline bool range_has_shadow(unsigned long addr, size_t size)
{
	return kasan_likely(addr + size >= addr) &&
	       kasan_likely(kasan_plat_addr_has_shadow(addr)) &&
	       kasan_likely(kasan_plat_addr_has_shadow(addr + size - 1));
}

static check_inline bool check_access(unsigned long addr, size_t size,
				      bool is_write, unsigned long ip)
{
	if (kasan_unlikely(!size))
		return true;
	if (kasan_unlikely(!range_has_shadow(addr, size)))
		return !kasan_report(addr, size, is_write, ip);
	if (kasan_likely(!access_bad(addr, size)))
		return true;
	return !kasan_report(addr, size, is_write, ip);
}

bool kasan_check_range(unsigned long addr, size_t size, bool is_write,
		       unsigned long ip)
{
	return check_access(addr, size, is_write, ip);
}

/*
 * The test before a loop the plugin versioned (plugin/version.c): may
 * every byte of [addr, addr + size) be accessed?  It never reports: on
 * false the loop with its checks runs, and they report.  A size of all
 * ones (a range the plugin would not have scanned) wraps and is refused
 * before any shadow is read.  It says false exactly where the checks
 * would report.
 */
bool __kasan_range_accessible(unsigned long addr, size_t size);
bool __kasan_range_accessible(unsigned long addr, size_t size)
{
	return !size || (range_has_shadow(addr, size) && !access_bad(addr, size));
}
KASAN_EXPORT(__kasan_range_accessible);

/*
 * One entry point: its prototype (GCC and the kernel assume them; no
 * shared header has them), its body, its export.  Sized ones take the
 * address, the N ones the address and the size.
 */
#define ASAN_ENTRY(name, body)						\
	void name(unsigned long addr);					\
	void name(unsigned long addr) { body; }				\
	KASAN_EXPORT(name)

#define ASAN_ENTRY_N(name, body)					\
	void name(unsigned long addr, size_t size);			\
	void name(unsigned long addr, size_t size) { body; }		\
	KASAN_EXPORT(name)

#define CHECK(size, w)	check_access(addr, size, w, KASAN_RET_IP)
#define REPORT(size, w)	kasan_report(addr, size, w, KASAN_RET_IP)

#define DEFINE_ASAN_ACCESS(size)					\
	ASAN_ENTRY(__asan_load##size##_noabort, CHECK(size, false));	\
	ASAN_ENTRY(__asan_store##size##_noabort, CHECK(size, true));	\
	ASAN_ENTRY(__asan_report_load##size##_noabort, REPORT(size, false)); \
	ASAN_ENTRY(__asan_report_store##size##_noabort, REPORT(size, true))

DEFINE_ASAN_ACCESS(1);
DEFINE_ASAN_ACCESS(2);
DEFINE_ASAN_ACCESS(4);
DEFINE_ASAN_ACCESS(8);
DEFINE_ASAN_ACCESS(16);
ASAN_ENTRY_N(__asan_loadN_noabort, CHECK(size, false));
ASAN_ENTRY_N(__asan_storeN_noabort, CHECK(size, true));
ASAN_ENTRY_N(__asan_report_load_n_noabort, REPORT(size, false));
ASAN_ENTRY_N(__asan_report_store_n_noabort, REPORT(size, true));

/*
 * The abort-on-error variants (no recover) must not return after a
 * report: GCC declares their report functions noreturn.  A platform
 * whose compilers only ever recover (the kernel) leaves them out.
 */
#ifndef KASAN_PLAT_RECOVER_ONLY
#define CHECK_OR_DIE(size, w)	if (!CHECK(size, w)) kasan_plat_die()
#define REPORT_AND_DIE(size, w)	REPORT(size, w); kasan_plat_die()

#define DEFINE_ASAN_ACCESS_ABORT(size)					\
	ASAN_ENTRY(__asan_load##size, CHECK_OR_DIE(size, false));	\
	ASAN_ENTRY(__asan_store##size, CHECK_OR_DIE(size, true));	\
	ASAN_ENTRY(__asan_report_load##size, REPORT_AND_DIE(size, false)); \
	ASAN_ENTRY(__asan_report_store##size, REPORT_AND_DIE(size, true))

DEFINE_ASAN_ACCESS_ABORT(1);
DEFINE_ASAN_ACCESS_ABORT(2);
DEFINE_ASAN_ACCESS_ABORT(4);
DEFINE_ASAN_ACCESS_ABORT(8);
DEFINE_ASAN_ACCESS_ABORT(16);
ASAN_ENTRY_N(__asan_loadN, CHECK_OR_DIE(size, false));
ASAN_ENTRY_N(__asan_storeN, CHECK_OR_DIE(size, true));
ASAN_ENTRY_N(__asan_report_load_n, REPORT_AND_DIE(size, false));
ASAN_ENTRY_N(__asan_report_store_n, REPORT_AND_DIE(size, true));
#endif

/*
 * Compilers may write large stretches of stack shadow through these
 * rather than with stores of their own.
 */
#define DEFINE_ASAN_SET_SHADOW(byte)					\
	void __asan_set_shadow_##byte(const void *addr, size_t size);	\
	void __asan_set_shadow_##byte(const void *addr, size_t size)	\
	{								\
		uint8_t *s = (uint8_t *)addr;				\
		while (size--)						\
			*s++ = 0x##byte;				\
	}								\
	KASAN_EXPORT(__asan_set_shadow_##byte)

DEFINE_ASAN_SET_SHADOW(00);
DEFINE_ASAN_SET_SHADOW(f1);
DEFINE_ASAN_SET_SHADOW(f2);
DEFINE_ASAN_SET_SHADOW(f3);
DEFINE_ASAN_SET_SHADOW(f5);
DEFINE_ASAN_SET_SHADOW(f8);
