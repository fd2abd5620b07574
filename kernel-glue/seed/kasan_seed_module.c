// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kasan_seed_module: out-of-bounds accesses of a module's own globals and
 * string literals.  A module's globals live in module memory (vmalloc'd,
 * its shadow mapped on demand) and are registered by the module's own
 * constructor when it is loaded, not at boot: this checks both halves, the
 * plugin's constructor in a .ko and the runtime's handling of it.  The
 * kernel-glue's /init loads the module after boot, and the module's init
 * runs the suite then; kernel-glue/linux-6.1/kasan_seed.expected has its
 * expectations, as for kasan_seed.
 */

#define pr_fmt(fmt) "kasan_seed_module: " fmt

#include <linux/module.h>

#include "kasan_seed.h"

static char module_global[10];

/* As in kasan_seed: the pointer is volatile, so nothing is folded. */
static void module_global_oob_right(struct kunit *test)
{
	char *volatile array = module_global;
	char *p = array + sizeof(module_global) + 3;

	SEED_BAD_ACCESS(test, "global-out-of-bounds", seed_sink = *p);
}

static void module_global_oob_left(struct kunit *test)
{
	char *volatile array = module_global;
	char *p;

	seed_need_left_redzones(test);
	p = array - 1;
	SEED_BAD_ACCESS(test, "global-out-of-bounds", seed_sink = *p);
}

#define MODULE_LITERAL "kasan_seed_module literal"

static void module_string_literal_oob(struct kunit *test)
{
	const char *volatile str = MODULE_LITERAL;
	const char *p = str + sizeof(MODULE_LITERAL) + 3;

	SEED_BAD_ACCESS(test, "global-out-of-bounds", seed_sink = *p);
}

static struct kunit_case seed_module_cases[] = {
	KUNIT_CASE(module_global_oob_right),
	KUNIT_CASE(module_global_oob_left),
	KUNIT_CASE(module_string_literal_oob),
	{}
};

static struct kunit_suite seed_module_suite = {
	.name = "kasan_seed_module",
	.init = seed_init,
	.exit = seed_exit,
	.suite_init = seed_report_suite_init,
	.suite_exit = seed_report_suite_exit,
	.test_cases = seed_module_cases,
};

static struct kunit_suite *seed_module_suites[] = { &seed_module_suite };

/*
 * Not kunit_test_suite(): in 6.1 KUnit runs a module's suites when the
 * module is COMING, before the loader has called its constructors, so the
 * globals would not be registered yet.  The module's init runs after them.
 */
static int __init seed_module_init(void)
{
	return __kunit_test_suites_init(seed_module_suites,
					ARRAY_SIZE(seed_module_suites));
}
module_init(seed_module_init);

static void __exit seed_module_exit(void)
{
	__kunit_test_suites_exit(seed_module_suites,
				 ARRAY_SIZE(seed_module_suites));
}
module_exit(seed_module_exit);

MODULE_DESCRIPTION("kasan-plugin's tests of KASAN on a module's globals");
MODULE_LICENSE("GPL");
