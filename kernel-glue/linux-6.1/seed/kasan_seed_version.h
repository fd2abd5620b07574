/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the kasan_seed suites do in Linux 6.1's own way.
 *
 * They learn of a KASan report as 6.1's mm/kasan/kasan_test.c does: the
 * report path looks up the KUnit resource "kasan_status" of
 * current->kunit_test and sets report_found in it.  This is the layout of
 * mainline's struct kunit_kasan_status (mm/kasan/kasan.h, the runtime's
 * private header, not included here).  A report in a test without the
 * resource fails that test.
 */
#ifndef KASAN_SEED_VERSION_H
#define KASAN_SEED_VERSION_H

#include <kunit/resource.h>
#include <kunit/test.h>

struct seed_status {
	bool report_found;
	bool sync_fault;
};

static struct seed_status seed_status;
static struct kunit_resource seed_resource;

static inline bool seed_report_seen(void)
{
	return READ_ONCE(seed_status.report_found);
}

static inline void seed_report_forget(void)
{
	WRITE_ONCE(seed_status.report_found, false);
	WRITE_ONCE(seed_status.sync_fault, false);
}

static inline int seed_report_test_init(struct kunit *test)
{
	return kunit_add_named_resource(test, NULL, NULL, &seed_resource,
					"kasan_status", &seed_status);
}

static inline int seed_report_suite_init(struct kunit_suite *suite)
{
	return 0;
}

static inline void seed_report_suite_exit(struct kunit_suite *suite)
{
}

/*
 * Is memset() checked in instrumented code?  On 6.1 it is: the KASan
 * runtime's own memset() overrides the arch's weak one.
 */
static inline bool seed_mem_intrinsics_checked(void)
{
	return true;
}

#endif /* KASAN_SEED_VERSION_H */
