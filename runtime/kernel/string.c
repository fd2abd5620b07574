// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checked memcpy(), memset() and memmove(): __asan_memcpy() and friends,
 * which the compiler calls in place of memcpy() with prefixed mem
 * intrinsics (the plugin's mem-intrinsics=prefix, 6.12's kernels), and
 * the kasan_checked_*() behind 6.1's own memcpy() (linux-6.1/hooks.c),
 * which instrumented code calls there.  Uninstrumented code calls the
 * unchecked __mem*() (asm/string_64.h).  A bad range is reported and the
 * operation skipped, as mainline does, so that a test's overflow does not
 * corrupt memory.  Plus the checks instrumented.h, ksize() and friends
 * call.
 */
#include <linux/kernel.h>
#include <linux/kasan-checks.h>
#include <linux/string.h>

#include "kasan_kernel.h"

void *kasan_checked_memset(void *addr, int c, size_t len, unsigned long ip)
{
	if (!kasan_check_range((unsigned long)addr, len, true, ip))
		return NULL;
	return __memset(addr, c, len);
}

void *kasan_checked_memmove(void *dest, const void *src, size_t len,
			    unsigned long ip)
{
	if (!kasan_check_range((unsigned long)src, len, false, ip) ||
	    !kasan_check_range((unsigned long)dest, len, true, ip))
		return NULL;
	return __memmove(dest, src, len);
}

void *kasan_checked_memcpy(void *dest, const void *src, size_t len,
			   unsigned long ip)
{
	if (!kasan_check_range((unsigned long)src, len, false, ip) ||
	    !kasan_check_range((unsigned long)dest, len, true, ip))
		return NULL;
	return __memcpy(dest, src, len);
}

void *__asan_memset(void *addr, int c, ssize_t len)
{
	return kasan_checked_memset(addr, c, len, _RET_IP_);
}
EXPORT_SYMBOL(__asan_memset);

void *__asan_memmove(void *dest, const void *src, ssize_t len)
{
	return kasan_checked_memmove(dest, src, len, _RET_IP_);
}
EXPORT_SYMBOL(__asan_memmove);

void *__asan_memcpy(void *dest, const void *src, ssize_t len)
{
	return kasan_checked_memcpy(dest, src, len, _RET_IP_);
}
EXPORT_SYMBOL(__asan_memcpy);

bool __kasan_check_read(const volatile void *p, unsigned int size)
{
	return kasan_check_range((unsigned long)p, size, false, _RET_IP_);
}
EXPORT_SYMBOL(__kasan_check_read);

bool __kasan_check_write(const volatile void *p, unsigned int size)
{
	return kasan_check_range((unsigned long)p, size, true, _RET_IP_);
}
EXPORT_SYMBOL(__kasan_check_write);

/* ksize() and kfree_sensitive(): is the object's first byte alive? */
bool __kasan_check_byte(const void *addr, unsigned long ip)
{
	if (kasan_byte_accessible(addr))
		return true;
	kasan_report((unsigned long)addr, 1, false, ip);
	return false;
}

void __kasan_unpoison_range(const void *addr, size_t size)
{
	kasan_unpoison(addr, size);
}
