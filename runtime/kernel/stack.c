// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Alloc, free and aux stacks, kept in the kernel's stack depot: one copy
 * of each distinct trace, a 32-bit handle in the object's metadata (0
 * when the depot had no memory for a new trace).
 *
 * The walk is the architecture's own where it has one
 * (kasan_arch_walk_stack(), arch-x86/unwind.c: the same frames as
 * stack_trace_save() for far fewer instructions), stack_trace_save()
 * where that gives up.  Boot parameter kasan.stackwalk=
 *   fast    the architecture's walk, the kernel's where it gives up
 *           (default)
 *   kernel  stack_trace_save() only
 *   check   both on every save: the architecture's is saved (so reports
 *           show it), and one whose frames differ from the kernel's is
 *           counted and the first such printed (make kernel-check boots
 *           our runtime so)
 * Counters in /sys/module/kasan/parameters/: stack_walk_fallbacks (the
 * architecture's walk gave up), stack_walks_checked and
 * stack_walk_mismatches (check).
 */
#include <linux/atomic.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched/task_stack.h>
#include <linux/stackdepot.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "kasan_kernel.h"

#define KASAN_STACK_DEPTH	64

/*
 * A depot that could not grow (no page, even without sleeping) gives
 * handle 0: the object keeps no stack, a report shows none.  Counted in
 * /sys/module/kasan/parameters/stack_depot_failures.
 */
static atomic_long_t stack_depot_failures = ATOMIC_LONG_INIT(0);

enum stack_walk { WALK_FAST, WALK_KERNEL, WALK_CHECK };
static enum stack_walk stack_walk __ro_after_init = WALK_FAST;
static atomic_long_t stack_walk_fallbacks = ATOMIC_LONG_INIT(0);
static atomic_long_t stack_walks_checked = ATOMIC_LONG_INIT(0);
static atomic_long_t stack_walk_mismatches = ATOMIC_LONG_INIT(0);

static int __init early_kasan_stackwalk(char *arg)
{
	if (!arg)
		return -EINVAL;
	if (!strcmp(arg, "fast"))
		stack_walk = WALK_FAST;
	else if (!strcmp(arg, "kernel"))
		stack_walk = WALK_KERNEL;
	else if (!strcmp(arg, "check"))
		stack_walk = WALK_CHECK;
	else
		return -EINVAL;
	return 0;
}
early_param("kasan.stackwalk", early_kasan_stackwalk);

/*
 * kasan.stackwalk=check: the architecture's walk (n frames from
 * kasan_plat_save_stack()) against the kernel's, made here, which starts
 * a frame deeper (check_walk()), as the depot keeps it (cut after the
 * first IRQ entry function, where the architecture's walk stops).  The
 * walks' entries in kasan_plat_save_stack() are different calls in it;
 * every frame after must be the same, and as many up to the depth.
 */
static noinline void check_walk(const unsigned long *fast, unsigned int n)
{
	unsigned long kernel[KASAN_STACK_DEPTH];
	unsigned int m = stack_trace_save(kernel, ARRAY_SIZE(kernel), 0);

	m = filter_irq_stacks(kernel, m);
	atomic_long_inc(&stack_walks_checked);
	if (m == min_t(unsigned int, n + 1, KASAN_STACK_DEPTH) &&
	    (m <= 2 || !memcmp(fast + 1, kernel + 2,
			       (m - 2) * sizeof(*kernel))))
		return;
	if (atomic_long_inc_return(&stack_walk_mismatches) == 1) {
		pr_err("kasan: stack walk differs from the kernel's; kernel:\n");
		stack_trace_print(kernel, m, 1);
		pr_err("kasan: architecture's walk:\n");
		stack_trace_print(fast, n, 1);
	}
}

kasan_stack_t kasan_plat_save_stack(bool can_alloc)
{
	unsigned long entries[KASAN_STACK_DEPTH];
	kasan_stack_t handle;
	int n = -1;

	if (KASAN_ARCH_STACK_WALK && likely(stack_walk != WALK_KERNEL)) {
		n = kasan_arch_walk_stack(entries, ARRAY_SIZE(entries));
		if (unlikely(n < 0))
			atomic_long_inc(&stack_walk_fallbacks);
		else if (unlikely(stack_walk == WALK_CHECK))
			check_walk(entries, n);
	}
	if (n < 0)
		n = stack_trace_save(entries, ARRAY_SIZE(entries), 0);
	/* Without sleeping: frees and call_rcu() come from atomic context. */
	handle = kasan_depot_save(entries, n, can_alloc);
	if (unlikely(!handle && can_alloc && n))
		atomic_long_inc(&stack_depot_failures);
	return handle;
}

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kasan."
module_param_cb(stack_depot_failures, &kasan_counter_ops,
		&stack_depot_failures, 0444);
module_param_cb(stack_walk_fallbacks, &kasan_counter_ops,
		&stack_walk_fallbacks, 0444);
module_param_cb(stack_walks_checked, &kasan_counter_ops,
		&stack_walks_checked, 0444);
module_param_cb(stack_walk_mismatches, &kasan_counter_ops,
		&stack_walk_mismatches, 0444);

void kasan_plat_print_stack(kasan_stack_t stack)
{
	stack_depot_print(stack);
}

void kasan_plat_dump_stack(void)
{
	dump_stack_lvl(KERN_ERR);
}

/*
 * Stacks have redzones only with CONFIG_KASAN_STACK, and only then does
 * the kernel call these two (6.12's <linux/kasan.h> has empty inlines
 * without it).
 */
#ifdef CONFIG_KASAN_STACK
/*
 * A task about to run its stack from the start: an idle task whose CPU
 * comes online, a task that oopsed (x86: current, rewinding its stack).
 */
void kasan_unpoison_task_stack(struct task_struct *task)
{
	kasan_unpoison(task_stack_page(task), THREAD_SIZE);
	kasan_task_fake_stack_reset(task);
}

/*
 * The part of the current stack below watermark, which frames that will
 * not return (a resume from suspend, bpf_throw()) left poisoned.  Not
 * current's stack: early resume code calls it before the per-CPU
 * register is set up.
 */
asmlinkage void kasan_unpoison_task_stack_below(const void *watermark)
{
	void *base = (void *)((unsigned long)watermark & ~(THREAD_SIZE - 1));

	kasan_unpoison(base, watermark - base);
}
#endif /* CONFIG_KASAN_STACK */
