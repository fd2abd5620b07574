/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86_64's side of the kernel platform's definitions (kasan_platform.h):
 * which addresses have shadow, where user space ends, and what a report
 * does around itself, the alloc and free stacks' walk.  The shadow's
 * page tables are in shadow_init.c, the non-canonical address hint in
 * fault.c, the walk in unwind.c.
 */
#ifndef KASAN_ARCH_H
#define KASAN_ARCH_H

#include <asm/page.h>
#include <asm/smap.h>

/* The kernel half, [-1UL << __VIRTUAL_MASK_SHIFT, ~0UL], has shadow. */
#define KASAN_ARCH_SHADOWED_START	(-1UL << __VIRTUAL_MASK_SHIFT)

/* Below this, an address is user space's (or non-canonical). */
#define KASAN_ARCH_USER_END		TASK_SIZE_MAX

/*
 * Checks run inside user-access regions (copy_to_user() and friends) too:
 * a report leaves the region (clears EFLAGS.AC) while it runs.
 */
static __always_inline unsigned long kasan_plat_report_enter(void)
{
	return smap_save();
}

static __always_inline void kasan_plat_report_exit(unsigned long flags)
{
	smap_restore(flags);
}

/*
 * The alloc and free stacks' own walk, with the ORC unwinder (unwind.c);
 * none (use stack_trace_save()) with the frame-pointer unwinder.
 */
#define KASAN_ARCH_STACK_WALK	IS_ENABLED(CONFIG_UNWINDER_ORC)
#ifdef CONFIG_UNWINDER_ORC
int kasan_arch_walk_stack(unsigned long *entries, unsigned int max);
#else
static inline int kasan_arch_walk_stack(unsigned long *entries,
					unsigned int max)
{
	return -1;
}
#endif

#endif /* KASAN_ARCH_H */
