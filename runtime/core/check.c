// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks compilers call: __asan_load4_noabort(addr) and the rest of
 * GCC's kernel-address ABI (and the plain, abort-on-error variants of
 * user-space ASan), the inline checks' __asan_report_* calls, and
 * kasan_check_range() for the checked mem*() and string functions.
 *
 * The ip of a report is the caller's return address: the instrumented
 * function that made the access.
 */
#include "kasan_core.h"

#define KASAN_RET_IP ((unsigned long)__builtin_return_address(0))

static inline bool byte_bad(unsigned long addr)
{
	int8_t s = *(int8_t *)kasan_mem_to_shadow((void *)addr);

	return kasan_unlikely(s) && (int8_t)(addr & KASAN_GRANULE_MASK) >= s;
}

/*
 * An access of 1..16 bytes.  Its last byte decides the last granule; any
 * granule before that one must be wholly accessible, which its shadow
 * byte of 0 says.
 */
static inline bool small_access_bad(unsigned long addr, size_t size)
{
	unsigned long last = addr + size - 1;
	const uint8_t *s = kasan_mem_to_shadow((void *)addr);
	const uint8_t *s_last = kasan_mem_to_shadow((void *)last);

	if (byte_bad(last))
		return true;
	for (; s < s_last; s++)
		if (kasan_unlikely(*s))
			return true;
	return false;
}

static inline bool check_access(unsigned long addr, size_t size,
				bool is_write, unsigned long ip)
{
	if (kasan_unlikely(!size))
		return true;
	if (kasan_unlikely(addr + size < addr) ||
	    kasan_unlikely(!kasan_plat_addr_has_shadow(addr)) ||
	    kasan_unlikely(!kasan_plat_addr_has_shadow(addr + size - 1)))
		return !kasan_report(addr, size, is_write, ip);
	if (size <= 16) {
		if (kasan_likely(!small_access_bad(addr, size)))
			return true;
	} else if (!kasan_region_is_poisoned(addr, size)) {
		return true;
	}
	return !kasan_report(addr, size, is_write, ip);
}

bool kasan_check_range(unsigned long addr, size_t size, bool is_write,
		       unsigned long ip)
{
	return check_access(addr, size, is_write, ip);
}

/*
 * The abort-on-error variants (no recover) must not return after a
 * report: GCC declares their report functions noreturn.
 */
static void check_or_die(unsigned long addr, size_t size, bool is_write,
			 unsigned long ip)
{
	if (!check_access(addr, size, is_write, ip))
		kasan_plat_die();
}

#define DEFINE_ASAN_ACCESS(size)					\
	void __asan_load##size(unsigned long addr)			\
	{								\
		check_or_die(addr, size, false, KASAN_RET_IP);		\
	}								\
	KASAN_EXPORT(__asan_load##size);				\
	void __asan_load##size##_noabort(unsigned long addr)		\
	{								\
		check_access(addr, size, false, KASAN_RET_IP);		\
	}								\
	KASAN_EXPORT(__asan_load##size##_noabort);			\
	void __asan_store##size(unsigned long addr)			\
	{								\
		check_or_die(addr, size, true, KASAN_RET_IP);		\
	}								\
	KASAN_EXPORT(__asan_store##size);				\
	void __asan_store##size##_noabort(unsigned long addr)		\
	{								\
		check_access(addr, size, true, KASAN_RET_IP);		\
	}								\
	KASAN_EXPORT(__asan_store##size##_noabort);			\
	void __asan_report_load##size(unsigned long addr)		\
	{								\
		kasan_report(addr, size, false, KASAN_RET_IP);		\
		kasan_plat_die();					\
	}								\
	KASAN_EXPORT(__asan_report_load##size);				\
	void __asan_report_load##size##_noabort(unsigned long addr)	\
	{								\
		kasan_report(addr, size, false, KASAN_RET_IP);		\
	}								\
	KASAN_EXPORT(__asan_report_load##size##_noabort);		\
	void __asan_report_store##size(unsigned long addr)		\
	{								\
		kasan_report(addr, size, true, KASAN_RET_IP);		\
		kasan_plat_die();					\
	}								\
	KASAN_EXPORT(__asan_report_store##size);			\
	void __asan_report_store##size##_noabort(unsigned long addr)	\
	{								\
		kasan_report(addr, size, true, KASAN_RET_IP);		\
	}								\
	KASAN_EXPORT(__asan_report_store##size##_noabort)

/* The prototypes GCC and the kernel assume (none in a shared header). */
#define DECLARE_ASAN_ACCESS(size)					\
	void __asan_load##size(unsigned long addr);			\
	void __asan_load##size##_noabort(unsigned long addr);		\
	void __asan_store##size(unsigned long addr);			\
	void __asan_store##size##_noabort(unsigned long addr);		\
	void __asan_report_load##size(unsigned long addr);		\
	void __asan_report_load##size##_noabort(unsigned long addr);	\
	void __asan_report_store##size(unsigned long addr);		\
	void __asan_report_store##size##_noabort(unsigned long addr)

DECLARE_ASAN_ACCESS(1);
DECLARE_ASAN_ACCESS(2);
DECLARE_ASAN_ACCESS(4);
DECLARE_ASAN_ACCESS(8);
DECLARE_ASAN_ACCESS(16);

DEFINE_ASAN_ACCESS(1);
DEFINE_ASAN_ACCESS(2);
DEFINE_ASAN_ACCESS(4);
DEFINE_ASAN_ACCESS(8);
DEFINE_ASAN_ACCESS(16);

void __asan_loadN(unsigned long addr, size_t size);
void __asan_loadN_noabort(unsigned long addr, size_t size);
void __asan_storeN(unsigned long addr, size_t size);
void __asan_storeN_noabort(unsigned long addr, size_t size);
void __asan_report_load_n(unsigned long addr, size_t size);
void __asan_report_load_n_noabort(unsigned long addr, size_t size);
void __asan_report_store_n(unsigned long addr, size_t size);
void __asan_report_store_n_noabort(unsigned long addr, size_t size);

void __asan_loadN(unsigned long addr, size_t size)
{
	check_or_die(addr, size, false, KASAN_RET_IP);
}
KASAN_EXPORT(__asan_loadN);

void __asan_loadN_noabort(unsigned long addr, size_t size)
{
	check_access(addr, size, false, KASAN_RET_IP);
}
KASAN_EXPORT(__asan_loadN_noabort);

void __asan_storeN(unsigned long addr, size_t size)
{
	check_or_die(addr, size, true, KASAN_RET_IP);
}
KASAN_EXPORT(__asan_storeN);

void __asan_storeN_noabort(unsigned long addr, size_t size)
{
	check_access(addr, size, true, KASAN_RET_IP);
}
KASAN_EXPORT(__asan_storeN_noabort);

void __asan_report_load_n(unsigned long addr, size_t size)
{
	kasan_report(addr, size, false, KASAN_RET_IP);
	kasan_plat_die();
}
KASAN_EXPORT(__asan_report_load_n);

void __asan_report_load_n_noabort(unsigned long addr, size_t size)
{
	kasan_report(addr, size, false, KASAN_RET_IP);
}
KASAN_EXPORT(__asan_report_load_n_noabort);

void __asan_report_store_n(unsigned long addr, size_t size)
{
	kasan_report(addr, size, true, KASAN_RET_IP);
	kasan_plat_die();
}
KASAN_EXPORT(__asan_report_store_n);

void __asan_report_store_n_noabort(unsigned long addr, size_t size)
{
	kasan_report(addr, size, true, KASAN_RET_IP);
}
KASAN_EXPORT(__asan_report_store_n_noabort);

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
