/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the kasan_seed suites share: the built-in one (kasan_seed_test.c)
 * and the one in a module (kasan_seed_module.c).  Each includes this once
 * and gets its own copy of the state: KUnit runs one case at a time.
 */
#ifndef KASAN_SEED_H
#define KASAN_SEED_H

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/types.h>

/*
 * What differs between kernel versions is in each version's
 * kasan_seed_version.h (kernel-glue/linux-X.Y/seed/, on the include path
 * by the Makefile), the way that version's own mm/kasan/kasan_test*.c
 * does it.  How a suite learns of a report:
 *   seed_report_seen()       has a report been made since the last forget?
 *   seed_report_forget()
 *   seed_report_test_init()  per case (the 6.1 KUnit resource)
 *   seed_report_suite_init() / seed_report_suite_exit()  per suite (the
 *                            6.12 console probe)
 * and seed_mem_intrinsics_checked(): does the kernel check memset() in
 * instrumented code?
 */
#include "kasan_seed_version.h"

/* mm/kasan/report.c, built with CONFIG_KASAN_KUNIT_TEST. */
extern bool kasan_save_enable_multi_shot(void);
extern void kasan_restore_multi_shot(bool enabled);

static bool seed_multi_shot;

/* Bad loads go here, so that the compiler must keep them. */
static volatile char seed_sink;

/*
 * Make the one bad access EXPR, which must be reported as BUG_TYPE.  The
 * line printed first names the case and the type for whoever reads the log.
 * The barriers keep the compiler from moving the access across the checks
 * of seed_report_seen(), which it cannot see the report path write.  The
 * flag is read into a variable first: KUnit prints the expression it
 * checks, and READ_ONCE()'s expansion would fill its message buffer, losing the
 * "no KASan report" line that the harness looks for in a case expected
 * to fail (kernel-glue/scripts/results.py).
 */
#define SEED_BAD_ACCESS(test, bug_type, expr) do {			\
	bool seed_reported = seed_report_seen();			\
									\
	KUNIT_EXPECT_FALSE_MSG(test, seed_reported,			\
			       "a KASan report before \"%s\"", #expr);	\
	pr_info("expect %s in %s\n", bug_type, (test)->name);		\
	barrier();							\
	expr;								\
	barrier();							\
	seed_reported = seed_report_seen();				\
	KUNIT_EXPECT_TRUE_MSG(test, seed_reported,			\
			      "no KASan report for \"%s\"", #expr);	\
	seed_report_forget();						\
} while (0)

static int seed_init(struct kunit *test)
{
	/* Without it the runtime neither tells KUnit nor has multi-shot. */
	if (!IS_ENABLED(CONFIG_KASAN_KUNIT_TEST)) {
		kunit_err(test, "kasan_seed needs CONFIG_KASAN_KUNIT_TEST=y");
		return -EINVAL;
	}
	/* Every case reports; without multi-shot only the first would. */
	seed_multi_shot = kasan_save_enable_multi_shot();
	seed_report_forget();
	return seed_report_test_init(test);
}

static void seed_exit(struct kunit *test)
{
	bool reported;

	if (!IS_ENABLED(CONFIG_KASAN_KUNIT_TEST))
		return;
	kasan_restore_multi_shot(seed_multi_shot);
	/* A report after the bad access (e.g. in kfree) is one too many. */
	reported = seed_report_seen();
	KUNIT_EXPECT_FALSE_MSG(test, reported, "a KASan report after the bad access");
}

/*
 * Skip a case that reads a global's left redzone when the kernel is built
 * by GCC's own KASan, which gives globals right redzones only (mainline's
 * kasan_global_oob_left is skipped for GCC for that reason).
 */
static void seed_need_left_redzones(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_KASAN_PLUGIN))
		kunit_skip(test, "GCC's own KASan has no left redzones of globals"
			   " (bugzilla 215051); needs CONFIG_KASAN_PLUGIN");
}

/*
 * The plugin's use-after-scope (CONFIG_KASAN_STACK_USE_AFTER_SCOPE, which
 * needs CONFIG_KASAN_PLUGIN): no compiler's own KASan poisons a local
 * whose block has ended.  A feature-off kernel keeps the option and loses
 * the poisoning (-fplugin-arg-kasan-no-use-after-scope or no-stack): its
 * cases run and fail for want of a report.
 */
static inline void seed_need_use_after_scope(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_KASAN_STACK_USE_AFTER_SCOPE))
		kunit_skip(test, "no compiler's own KASan has stack use-after-scope;"
			   " needs CONFIG_KASAN_STACK_USE_AFTER_SCOPE");
}

/*
 * The plugin's use-after-return (CONFIG_KASAN_STACK_USE_AFTER_RETURN,
 * which needs CONFIG_KASAN_PLUGIN and the kasan-plugin runtime's fake
 * stacks): no compiler's own KASan moves a kernel function's frame off
 * the stack.  A feature-off kernel keeps the option and loses the fake
 * frames (-fplugin-arg-kasan-no-use-after-return or no-stack): its cases
 * run and fail for want of a report.  A task without a fake stack (the
 * kernel booted with kasan.stack_use_after_return=off, or a failed
 * allocation) skips them.
 */
static inline void seed_need_use_after_return(struct kunit *test)
{
#ifdef CONFIG_KASAN_STACK_USE_AFTER_RETURN
	if (!current->kasan_fake_stack)
		kunit_skip(test, "the task has no fake stack"
			   " (kasan.stack_use_after_return=off)");
#else
	kunit_skip(test, "no compiler's own KASan has stack use-after-return;"
		   " needs CONFIG_KASAN_STACK_USE_AFTER_RETURN (the plugin and"
		   " CONFIG_KASAN_RUNTIME_OWN)");
#endif
}

/*
 * The kasan-plugin runtime's guard pages after page allocations (the
 * glue's page allocator patch defines KASAN_PAGE_GUARD_MAGIC in
 * <linux/kasan.h>): mainline's runtime has none, and the page after an
 * allocation may be anything there.  Booted with kasan.page_guard=off,
 * the kernel keeps the code and takes no guards: the cases run and fail
 * for want of a report.
 */
static inline void seed_need_page_guards(struct kunit *test)
{
#ifndef KASAN_PAGE_GUARD_MAGIC
	kunit_skip(test, "no guard pages after page allocations; needs"
		   " CONFIG_KASAN_RUNTIME_OWN and the glue's page allocator");
#endif
}

/*
 * Skip a case whose bad access is a memset() when the kernel does not
 * check it: the write would happen, unreported, and corrupt the heap
 * (mainline's KASAN_TEST_NEEDS_CHECKED_MEMINTRINSICS).
 */
static inline void seed_need_checked_mem_intrinsics(struct kunit *test)
{
	if (!seed_mem_intrinsics_checked())
		kunit_skip(test, "needs checked mem*(): memset() here is the"
			   " arch's own, and the compiler does not call"
			   " __asan_memset()");
}

#endif /* KASAN_SEED_H */
