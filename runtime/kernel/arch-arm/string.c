// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checked memchr(), strchr() and strrchr() on ARM, beyond mainline.
 *
 * ARM's are assembly (arch/arm/lib/memchr.S and the others), which no
 * compiler instruments, so a search through freed or out-of-bounds memory
 * went unseen (KUnit's kasan_memchr and kasan_strings).  The kernel glue
 * names each of them __memchr() and so on too and makes the plain name
 * weak; these take the plain name, let the assembly search, then check
 * exactly the bytes it read: up to the match, or to the end (memchr()) or
 * the terminating NUL (the others).  A read does no harm, so the result
 * is returned even when the check reported, as an instrumented C
 * version's would be.  armksyms.c exports the names, which resolve here.
 */
#include <linux/kernel.h>
#include <linux/string.h>

#include "kasan_kernel.h"

void *__memchr(const void *s, int c, size_t n);
char *__strchr(const char *s, int c);
char *__strrchr(const char *s, int c);

/* The length of s, read without a check (this file is not instrumented). */
static size_t unchecked_strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

#undef memchr
#undef strchr
#undef strrchr

void *memchr(const void *s, int c, size_t n)
{
	void *found = __memchr(s, c, n);
	size_t read = found ? (size_t)(found - s) + 1 : n;

	kasan_check_range((unsigned long)s, read, false, _RET_IP_);
	return found;
}

char *strchr(const char *s, int c)
{
	char *found = __strchr(s, c);
	size_t read = found ? (size_t)(found - s) + 1 : unchecked_strlen(s) + 1;

	kasan_check_range((unsigned long)s, read, false, _RET_IP_);
	return found;
}

/* strrchr() reads the whole string, whatever it finds. */
char *strrchr(const char *s, int c)
{
	char *found = __strrchr(s, c);

	kasan_check_range((unsigned long)s, unchecked_strlen(s) + 1, false,
			  _RET_IP_);
	return found;
}
