/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the kasan_seed suites do in Linux 6.12's own way.
 *
 * They learn of a KASan report as 6.12's mm/kasan/kasan_test_c.c does: a
 * probe on the printk "console" tracepoint looks for the title line
 * "BUG: KASAN: ".  While a suite runs, kasan_kunit_test_suite_start()
 * tells the runtime not to fail the running KUnit test on a report
 * (outside, a report fails it).
 */
#ifndef KASAN_SEED_VERSION_H
#define KASAN_SEED_VERSION_H

#include <kunit/test.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <trace/events/printk.h>

/* The runtime's, with CONFIG_KASAN_KUNIT_TEST (mm/kasan/kasan.h). */
extern void kasan_kunit_test_suite_start(void);
extern void kasan_kunit_test_suite_end(void);

static bool seed_report_found;

static void seed_probe_console(void *ignore, const char *buf, size_t len)
{
	if (strnstr(buf, "BUG: KASAN: ", len))
		WRITE_ONCE(seed_report_found, true);
}

static inline bool seed_report_seen(void)
{
	return READ_ONCE(seed_report_found);
}

static inline void seed_report_forget(void)
{
	WRITE_ONCE(seed_report_found, false);
}

static inline int seed_report_test_init(struct kunit *test)
{
	return 0;
}

static inline int seed_report_suite_init(struct kunit_suite *suite)
{
	kasan_kunit_test_suite_start();
	return register_trace_console(seed_probe_console, NULL);
}

static inline void seed_report_suite_exit(struct kunit_suite *suite)
{
	kasan_kunit_test_suite_end();
	unregister_trace_console(seed_probe_console, NULL);
	tracepoint_synchronize_unregister();
}

/*
 * Is memset() checked in instrumented code?  x86's memset() is the arch's
 * own, unchecked (GENERIC_ENTRY): only a compiler that calls
 * __asan_memset() instead checks it (CC_HAS_KASAN_MEMINTRINSIC_PREFIX,
 * the plugin; not GCC 12's own KASan).  The condition of 6.12's
 * KASAN_TEST_NEEDS_CHECKED_MEMINTRINSICS, for generic KASan.
 */
static inline bool seed_mem_intrinsics_checked(void)
{
	return !IS_ENABLED(CONFIG_GENERIC_ENTRY) ||
	       IS_ENABLED(CONFIG_CC_HAS_KASAN_MEMINTRINSIC_PREFIX);
}

#endif /* KASAN_SEED_VERSION_H */
