/* SPDX-License-Identifier: GPL-2.0-or-later */
/* For the stack-switching tests: what runs over the stack that abandoned
   frames used, once execution has gone on without returning through
   them.  plain() is not instrumented, so it poisons nothing itself: it
   covers PROBE_BYTES of stack (default 4096; a test defines more before
   including this) with one local, fills it, and hands it to touch(),
   which is instrumented and reads every byte.  Poison the abandoned
   frames left there is a false report.  */
#include <stddef.h>
#include <string.h>

#ifndef PROBE_BYTES
#define PROBE_BYTES 4096
#endif

__attribute__((noipa)) static int touch(volatile char *p, size_t n)
{
	int s = 0;

	for (size_t i = 0; i < n; i++)
		s += p[i];
	return s;
}

__attribute__((noipa, no_sanitize_address)) static int plain(void)
{
	char buf[PROBE_BYTES];

	memset(buf, 1, sizeof(buf));
	__asm__ volatile("" : : "r"(buf) : "memory");
	return touch(buf, sizeof(buf));
}
