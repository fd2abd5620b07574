// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kasan_seed: common heap bugs, and out-of-bounds accesses of globals and
 * string literals, one bad access per case, each of which must give exactly
 * one KASan report.  KUnit checks here that a report came; the kasan-plugin
 * harness (kernel-glue/scripts/results.py) checks in the log that there was
 * exactly one, of the bug type that kernel-glue/linux-6.1/kasan_seed.expected
 * names, and in the case's own function.  So a case's function name is its
 * KUnit name.
 */

#define pr_fmt(fmt) "kasan_seed: " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>

#include "kasan_seed.h"

static void *seed_kmalloc(struct kunit *test, size_t size)
{
	void *p = kmalloc(size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	return p;
}

static void oob_right(struct kunit *test)
{
	size_t size = 123;
	char *p = seed_kmalloc(test, size);

	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", p[size] = 'x');
	kfree(p);
}

static void oob_left(struct kunit *test)
{
	char *held[4] = { };
	char *p = NULL;
	int i;

	/*
	 * SLUB has no left redzone: the byte before an object is the end of
	 * the previous slot.  Before a slab's first object lies some other
	 * page, so take an object that does not start a page.
	 */
	for (i = 0; i < ARRAY_SIZE(held) && !p; i++) {
		held[i] = seed_kmalloc(test, 15);
		if (offset_in_page(held[i]))
			p = held[i];
	}
	KUNIT_ASSERT_NOT_NULL(test, p);
	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", seed_sink = p[-1]);
	for (i = 0; i < ARRAY_SIZE(held); i++)
		kfree(held[i]);
}

static void kmalloc_node_oob_right(struct kunit *test)
{
	size_t size = 1000;
	char *p = kmalloc_node(size, GFP_KERNEL, numa_node_id());

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", seed_sink = p[size]);
	kfree(p);
}

/* Too big for the kmalloc caches: pages, with KASAN_PAGE_REDZONE after. */
static void kmalloc_large_oob_right(struct kunit *test)
{
	size_t size = KMALLOC_MAX_CACHE_SIZE + 10;
	char *p = seed_kmalloc(test, size);

	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", p[size] = 'x');
	kfree(p);
}

/*
 * One byte past pages of order 2, read: the runtime's guard page after
 * them (kasan.page_guard=on) makes it a report whatever the next page
 * holds.  A read, not a write: without a guard the next page may be
 * anyone's.  And the case must fail there for want of a report, not
 * report the next page as free: of a few order-2 allocations it reads
 * past one with a guard, or else past one that another of them directly
 * follows, which only happens without guards (consecutive allocations
 * come from split buddies), or else past the first one.
 */
#define SEED_PAGE_BLOCKS	16

/* Whether the runtime gave the pages of order at page a guard page. */
static bool seed_guarded(struct page *page, unsigned int order)
{
#ifdef KASAN_PAGE_GUARD_MAGIC
	struct page *next = page + (1 << order);

	return PageGuard(next) &&
	       page_private(next) == (KASAN_PAGE_GUARD_MAGIC | order);
#else
	return false;
#endif
}

/*
 * A block with a guard if there is one: the runtime takes none where its
 * migratetype has no free block of order 3 or more (ARM's unmovable
 * lists after boot, at times); else one that another directly follows.
 */
static struct page *seed_pick_block(struct page **held, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		if (seed_guarded(held[i], 2))
			return held[i];
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (page_to_pfn(held[j]) == page_to_pfn(held[i]) + 4)
				return held[i];
	return held[0];
}

static void pagealloc_order2_oob_right(struct kunit *test)
{
	struct page *held[SEED_PAGE_BLOCKS];
	char *p;
	int i;

	seed_need_page_guards(test);
	for (i = 0; i < SEED_PAGE_BLOCKS; i++) {
		held[i] = alloc_pages(GFP_KERNEL, 2);
		KUNIT_ASSERT_NOT_NULL(test, held[i]);
	}
	p = page_address(seed_pick_block(held, SEED_PAGE_BLOCKS));
	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "page-out-of-bounds",
			seed_sink = p[PAGE_SIZE << 2]);
	for (i = 0; i < SEED_PAGE_BLOCKS; i++)
		__free_pages(held[i], 2);
}

/*
 * A large kmalloc() object read after large objects of its size were
 * allocated that would take its pages again without a quarantine: its
 * freed pages go to the page allocator's per-CPU list, last in, first
 * out (with their guard page), where the next allocation of their order
 * on this CPU finds them.  The runtime's quarantine holds them back (the
 * guard keeps a large object's free metadata), so the read finds them
 * freed; with kasan.quarantine=off or kasan.page_guard=off one of the new
 * objects has them, and the read is of a live object: no report.
 */
#define SEED_LARGE_REUSE	4

static void kmalloc_large_uaf_after_reuse(struct kunit *test)
{
	size_t size = KMALLOC_MAX_CACHE_SIZE + 10;
	char *held[SEED_LARGE_REUSE];
	char *p;
	int i;

	seed_need_page_guards(test);
	migrate_disable();
	p = seed_kmalloc(test, size);
	kfree(p);
	for (i = 0; i < SEED_LARGE_REUSE; i++)
		held[i] = kmalloc(size, GFP_KERNEL);
	migrate_enable();
	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "use-after-free", seed_sink = p[0]);
	for (i = 0; i < SEED_LARGE_REUSE; i++)
		kfree(held[i]);
}

/*
 * krealloc() in place (both sizes in one kmalloc cache): the new size is
 * what is accessible.  Inlined, so that the report names the case.
 */
static __always_inline void krealloc_in_place_oob(struct kunit *test,
						  size_t size1, size_t size2)
{
	char *p1 = seed_kmalloc(test, size1);
	char *p2 = krealloc(p1, size2, GFP_KERNEL);

	if (!p2)
		kfree(p1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p2);
	OPTIMIZER_HIDE_VAR(p2);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", p2[size2] = 'x');
	kfree(p2);
}

static void krealloc_more_oob(struct kunit *test)
{
	krealloc_in_place_oob(test, 201, 235);
}

/* Shrunk in place: the bytes past the new size are poisoned again. */
static void krealloc_less_oob(struct kunit *test)
{
	krealloc_in_place_oob(test, 235, 201);
}

struct seed16 {
	u64 a, b;
};

/* One 16-byte store, of which the last 3 bytes are past the object. */
static void oob_16(struct kunit *test)
{
	struct seed16 *dst = seed_kmalloc(test, sizeof(*dst) - 3);
	struct seed16 *src = kzalloc(sizeof(*src), GFP_KERNEL);

	if (!src)
		kfree(dst);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, src);
	OPTIMIZER_HIDE_VAR(dst);
	OPTIMIZER_HIDE_VAR(src);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", *dst = *src);
	kfree(src);
	kfree(dst);
}

static void memset_overrun(struct kunit *test)
{
	size_t size = 100;
	char *p;

	seed_need_checked_mem_intrinsics(test);
	p = seed_kmalloc(test, size);
	OPTIMIZER_HIDE_VAR(p);
	OPTIMIZER_HIDE_VAR(size);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", memset(p, 0, size + 2));
	kfree(p);
}

/* The quarantine keeps a freed object poisoned for a while. */
static void use_after_free(struct kunit *test)
{
	char *p = seed_kmalloc(test, 64);

	kfree(p);
	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "use-after-free", seed_sink = p[8]);
}

static void uaf_in_memset(struct kunit *test)
{
	size_t size = 33;
	char *p;

	seed_need_checked_mem_intrinsics(test);
	p = seed_kmalloc(test, size);
	kfree(p);
	OPTIMIZER_HIDE_VAR(p);
	OPTIMIZER_HIDE_VAR(size);
	SEED_BAD_ACCESS(test, "use-after-free", memset(p, 0, size));
}

/* Growing past the old cache's size moves the object and frees the old. */
static void uaf_after_realloc(struct kunit *test)
{
	char *old = seed_kmalloc(test, 16);
	char *new = krealloc(old, 400, GFP_KERNEL);

	if (!new)
		kfree(old);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, new);
	KUNIT_ASSERT_PTR_NE(test, (void *)old, (void *)new);
	OPTIMIZER_HIDE_VAR(old);
	SEED_BAD_ACCESS(test, "use-after-free", seed_sink = old[3]);
	kfree(new);
}

static void kmem_cache_oob(struct kunit *test)
{
	size_t size = 200;
	struct kmem_cache *cache;
	char *p;

	cache = kmem_cache_create("kasan_seed_cache", size, 0, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, cache);
	p = kmem_cache_alloc(cache, GFP_KERNEL);
	if (!p) {
		kmem_cache_destroy(cache);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	}
	OPTIMIZER_HIDE_VAR(p);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", seed_sink = p[size]);
	kmem_cache_free(cache, p);
	kmem_cache_destroy(cache);
}

/*
 * Globals.  The bad accesses go through a volatile pointer to char (not a
 * pointer to volatile char): the compiler must not know what the pointer
 * points to, so it can neither fold the access nor tell that it is out of
 * bounds (UBSAN_LOCAL_BOUNDS would trap first).
 */
static char seed_global[10];

/*
 * One byte before a global: its left redzone.  With the kasan.so plugin
 * every protected global has one (the right redzone of the object before
 * it, or a pad at the start of its section).  GCC's own KASan gives globals
 * right redzones only, so the byte before one is poisoned only when the
 * object before happens to be a protected global too; mainline's
 * kasan_global_oob_left is skipped for GCC for that reason (kernel bugzilla
 * 215051), and so is this case without the plugin.
 */
static void global_oob_left(struct kunit *test)
{
	char *volatile array = seed_global;
	char *p;

	seed_need_left_redzones(test);
	p = array - 1;
	SEED_BAD_ACCESS(test, "global-out-of-bounds", seed_sink = *p);
}

/*
 * Past the end of a string literal: 3 bytes past its NUL, well inside the
 * redzone (at least 32 bytes) that both GCC and the plugin give literals.
 */
#define SEED_LITERAL "kasan_seed literal"

static void string_literal_oob(struct kunit *test)
{
	const char *volatile str = SEED_LITERAL;
	const char *p = str + sizeof(SEED_LITERAL) + 3;

	SEED_BAD_ACCESS(test, "global-out-of-bounds", seed_sink = *p);
}

/*
 * Stack use-after-scope: a pointer to a block's local, used after the
 * block (by the case itself, so that the report names it).  The plugin
 * poisons the local's granules where its scope ends.
 */
static void stack_use_after_scope(struct kunit *test)
{
	char *p;

	seed_need_use_after_scope(test);
	{
		char local[20];

		p = local;
		OPTIMIZER_HIDE_VAR(p);
		p[0] = 1;
	}
	SEED_BAD_ACCESS(test, "stack-use-after-scope", seed_sink = p[1]);
}

/* The local of a loop's body, through a pointer kept from its last turn. */
static void stack_use_after_scope_loop(struct kunit *test)
{
	int *last = NULL;
	int i;

	seed_need_use_after_scope(test);
	for (i = 0; i < 3; i++) {
		int item = i;

		last = &item;
		OPTIMIZER_HIDE_VAR(last);
		seed_sink = *last;
	}
	SEED_BAD_ACCESS(test, "stack-use-after-scope", seed_sink = *last);
}

/* An inlined function's local: its scope ends where the inlined body does. */
static __always_inline void seed_hand_out_local(int **out)
{
	int local = 1;
	int *p = &local;

	OPTIMIZER_HIDE_VAR(p);
	seed_sink = *p;
	*out = p;
}

static void stack_use_after_scope_inlined(struct kunit *test)
{
	int *p;

	seed_need_use_after_scope(test);
	seed_hand_out_local(&p);
	SEED_BAD_ACCESS(test, "stack-use-after-scope", seed_sink = *p);
}

/*
 * Stack use-after-return: a pointer to a local of a function that has
 * returned, used by the case itself (so that the report names it; its
 * frame description names the function).  The plugin's use-after-return
 * gives the function a frame on the task's fake stack, which the runtime
 * poisons on return.  The call is part of the bad access: a frame stays
 * poisoned only until its size class's ring of frames comes round to it
 * again, and the printk() before the access could take it round.
 */
static noinline char *seed_return_local(void)
{
	char local[20];
	char *p = local;

	OPTIMIZER_HIDE_VAR(p);
	p[0] = 1;
	return p;
}

static void stack_use_after_return(struct kunit *test)
{
	seed_need_use_after_return(test);
	SEED_BAD_ACCESS(test, "stack-use-after-return",
			seed_sink = seed_return_local()[1]);
}

/*
 * A node on a function's frame, linked into a list that outlives the
 * call: the function returns without unlinking it (the wait-queue bug),
 * and the case comes to it walking the list.  The walk stops at the
 * node: where frames stay on the real stack (no-use-after-return), a
 * later call has overwritten the node, and its link is no pointer to
 * follow.
 */
struct seed_node {
	struct list_head link;
	int value;
};

static LIST_HEAD(seed_list);

static noinline void seed_link_local_node(void)
{
	struct seed_node node = { .value = 1 };
	struct seed_node *n = &node;

	OPTIMIZER_HIDE_VAR(n);
	list_add(&n->link, &seed_list);
	/* The node's stores must happen: the list's readers see them. */
	barrier();
}

/* Inlined into the case, which then makes the bad access itself. */
static __always_inline int seed_link_and_walk(void)
{
	struct seed_node *n;

	seed_link_local_node();
	list_for_each_entry(n, &seed_list, link)
		return n->value;
	return 0;
}

static void stack_use_after_return_list(struct kunit *test)
{
	seed_need_use_after_return(test);
	SEED_BAD_ACCESS(test, "stack-use-after-return",
			seed_sink = seed_link_and_walk());
	INIT_LIST_HEAD(&seed_list);
}

/*
 * Two threads, one on each CPU, make their bad accesses at the same time.
 * The runtime must print one report at a time and lose none of them
 * (multi-shot is on): kasan_seed.expected wants RACE_THREADS *
 * RACE_ACCESSES whole reports in this case, each title followed by its
 * access line.  The threads are no KUnit tests, so the report path cannot
 * tell KUnit; only the harness counts.
 */
#define RACE_THREADS	2
#define RACE_ACCESSES	4
#define RACE_SIZE	40

struct race {
	atomic_t *started;
	char *p;
	struct completion done;
};

static int race_thread(void *arg)
{
	struct race *r = arg;
	int i;

	atomic_inc(r->started);
	while (atomic_read(r->started) < RACE_THREADS)
		cpu_relax();
	for (i = 0; i < RACE_ACCESSES; i++)
		seed_sink = r->p[RACE_SIZE + i];
	complete(&r->done);
	return 0;
}

/*
 * Code without checks (assembly, noinstr or no-sanitize functions, a
 * device's DMA) writes past an object, into the rest of its kmalloc size
 * class: no check sees it.  Our runtime filled that redzone with a
 * pattern and finds it damaged when the object is freed
 * (kasan.redzone_check); mainline's has nothing to find it with.
 */
static noinline __no_sanitize_address void seed_unchecked_write(char *p,
								 size_t i)
{
	((volatile char *)p)[i] = 'x';
}

static void redzone_overwrite_unchecked(struct kunit *test)
{
	size_t size = 100;
	char *p;

	if (!IS_ENABLED(CONFIG_KASAN_RUNTIME_OWN))
		kunit_skip(test, "needs the kasan-plugin runtime's redzone check");
	p = seed_kmalloc(test, size);
	seed_unchecked_write(p, size + 3);
	SEED_BAD_ACCESS(test, "slab-out-of-bounds", kfree(p));
}

static void concurrent_reports(struct kunit *test)
{
	struct race race[RACE_THREADS];
	atomic_t started = ATOMIC_INIT(0);
	int cpu;

	if (num_online_cpus() < RACE_THREADS)
		kunit_skip(test, "needs %d CPUs", RACE_THREADS);
	pr_info("expect %d slab-out-of-bounds in race_thread in %s\n",
		RACE_THREADS * RACE_ACCESSES, __func__);
	for (cpu = 0; cpu < RACE_THREADS; cpu++) {
		struct task_struct *t;

		race[cpu].started = &started;
		race[cpu].p = seed_kmalloc(test, RACE_SIZE);
		OPTIMIZER_HIDE_VAR(race[cpu].p);
		init_completion(&race[cpu].done);
		t = kthread_create(race_thread, &race[cpu], "kasan_race/%d", cpu);
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		kthread_bind(t, cpu);
		wake_up_process(t);
	}
	for (cpu = 0; cpu < RACE_THREADS; cpu++) {
		wait_for_completion(&race[cpu].done);
		kfree(race[cpu].p);
	}
	/*
	 * Where the suite learns of reports from the console (6.12), it saw
	 * the threads' reports too; they are the harness's to count.
	 */
	seed_report_forget();
}

static struct kunit_case seed_cases[] = {
	KUNIT_CASE(oob_right),
	KUNIT_CASE(oob_left),
	KUNIT_CASE(kmalloc_node_oob_right),
	KUNIT_CASE(kmalloc_large_oob_right),
	KUNIT_CASE(pagealloc_order2_oob_right),
	KUNIT_CASE(kmalloc_large_uaf_after_reuse),
	KUNIT_CASE(krealloc_more_oob),
	KUNIT_CASE(krealloc_less_oob),
	KUNIT_CASE(oob_16),
	KUNIT_CASE(memset_overrun),
	KUNIT_CASE(use_after_free),
	KUNIT_CASE(uaf_in_memset),
	KUNIT_CASE(uaf_after_realloc),
	KUNIT_CASE(kmem_cache_oob),
	KUNIT_CASE(global_oob_left),
	KUNIT_CASE(string_literal_oob),
	KUNIT_CASE(stack_use_after_scope),
	KUNIT_CASE(stack_use_after_scope_loop),
	KUNIT_CASE(stack_use_after_scope_inlined),
	KUNIT_CASE(stack_use_after_return),
	KUNIT_CASE(stack_use_after_return_list),
	KUNIT_CASE(redzone_overwrite_unchecked),
	KUNIT_CASE(concurrent_reports),
	{}
};

static struct kunit_suite seed_suite = {
	.name = "kasan_seed",
	.init = seed_init,
	.exit = seed_exit,
	.suite_init = seed_report_suite_init,
	.suite_exit = seed_report_suite_exit,
	.test_cases = seed_cases,
};

kunit_test_suite(seed_suite);

MODULE_DESCRIPTION("kasan-plugin's seed tests of KASAN");
MODULE_LICENSE("GPL");
