// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Alloc, free and aux stacks, kept in the kernel's stack depot: one copy
 * of each distinct trace, a 32-bit handle in the object's metadata (0
 * when the depot had no memory for a new trace).
 */
#include <linux/atomic.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched/task_stack.h>
#include <linux/stackdepot.h>
#include <linux/stacktrace.h>

#include "kasan_kernel.h"

#define KASAN_STACK_DEPTH	64

/*
 * A depot that could not grow (no page, even without sleeping) gives
 * handle 0: the object keeps no stack, a report shows none.  Counted in
 * /sys/module/kasan/parameters/stack_depot_failures.
 */
static atomic_long_t stack_depot_failures = ATOMIC_LONG_INIT(0);

kasan_stack_t kasan_plat_save_stack(bool can_alloc)
{
	unsigned long entries[KASAN_STACK_DEPTH];
	kasan_stack_t handle;
	unsigned int n;

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
void kasan_unpoison_task_stack(struct task_struct *task)
{
	kasan_unpoison(task_stack_page(task), THREAD_SIZE);
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
