// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checked memcpy(), memset() and memmove(): instrumented code calls these
 * names (the compiler's own calls included), uninstrumented code the
 * unchecked __mem*() (asm/string_64.h).  A bad range is reported and the
 * operation skipped, as mainline does, so that a test's overflow does not
 * corrupt memory.  Plus the checks instrumented.h, ksize() and friends
 * call.
 */
#include <linux/kernel.h>
#include <linux/kasan-checks.h>
#include <linux/string.h>

#include "kasan_kernel.h"

#undef memset
#undef memmove
#undef memcpy

void *memset(void *addr, int c, size_t len)
{
	if (!kasan_check_range((unsigned long)addr, len, true, _RET_IP_))
		return NULL;
	return __memset(addr, c, len);
}

void *memmove(void *dest, const void *src, size_t len)
{
	if (!kasan_check_range((unsigned long)src, len, false, _RET_IP_) ||
	    !kasan_check_range((unsigned long)dest, len, true, _RET_IP_))
		return NULL;
	return __memmove(dest, src, len);
}

void *memcpy(void *dest, const void *src, size_t len)
{
	if (!kasan_check_range((unsigned long)src, len, false, _RET_IP_) ||
	    !kasan_check_range((unsigned long)dest, len, true, _RET_IP_))
		return NULL;
	return __memcpy(dest, src, len);
}

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
	kasan_report((unsigned long)addr, 0, false, ip);
	return false;
}

void __kasan_unpoison_range(const void *addr, size_t size)
{
	kasan_unpoison(addr, size);
}
