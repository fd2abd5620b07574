// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The runtime's options, shared by the core and its platforms: the core
 * reads them (reports, stack saving), each platform sets them from its
 * own source (KASAN_OPTIONS in runtime/hosted/options.c, the boot
 * parameters in runtime/kernel/platform.c).  Only the defaults are here.
 */
#include "kasan_core.h"

struct kasan_runtime_options kasan_options = {
	.stacktrace = true,
	/*
	 * On from the start: an object allocated while it was off has no
	 * pattern to check, so it may only be turned off, never on, once
	 * objects exist (a platform sets its options before its first).
	 */
	.redzone_check = true,
};
