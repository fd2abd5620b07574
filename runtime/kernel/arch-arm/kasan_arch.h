/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 32-bit ARM's side of the kernel platform's definitions
 * (kasan_platform.h).
 *
 * The shadow sits at the top of user space (asm/kasan_def.h): TASK_SIZE
 * is KASAN_SHADOW_START, and the memory the shadow describes runs from
 * KASAN_SHADOW_END (MODULES_VADDR, or 8 MiB below it in a Thumb-2
 * kernel) to 4 GiB: modules, lowmem, vmalloc, fixmap and vectors.  The
 * "shadow" of an address below that would be user memory, so such an
 * address has none.
 */
#ifndef KASAN_ARCH_H
#define KASAN_ARCH_H

#include <asm/memory.h>

#define KASAN_ARCH_SHADOWED_START	KASAN_SHADOW_END

/* Below this, an address is user space's (or the shadow's). */
#define KASAN_ARCH_USER_END		TASK_SIZE

/*
 * A report touches no user memory, and an ARM user-access region (the
 * domain switch of CONFIG_CPU_SW_DOMAIN_PAN) does not stop the kernel
 * from reaching its own: nothing to save around a report.
 */
static __always_inline unsigned long kasan_plat_report_enter(void)
{
	return 0;
}

static __always_inline void kasan_plat_report_exit(unsigned long flags)
{
}

/* No walk of its own: alloc and free stacks come from stack_trace_save(). */
#define KASAN_ARCH_STACK_WALK	0
static inline int kasan_arch_walk_stack(unsigned long *entries,
					unsigned int max)
{
	return -1;
}

#endif /* KASAN_ARCH_H */
