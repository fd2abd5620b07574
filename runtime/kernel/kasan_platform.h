/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel platform's definitions for the runtime core: Linux 6.1 or
 * 6.12 (kasan_version.h, from the version's directory), x86_64 or 32-bit
 * ARM (kasan_arch.h, from arch-$(SRCARCH)/), generic KASAN
 * (CONFIG_KASAN_RUNTIME_OWN).
 *
 * The shadow offset is CONFIG_KASAN_SHADOW_OFFSET (asm/kasan.h), the one
 * the compiler was given.  Memory from KASAN_ARCH_SHADOWED_START to the
 * top of the address space has shadow, which is [KASAN_SHADOW_START,
 * KASAN_SHADOW_END); below it is user space (or non-canonical on
 * x86_64, the shadow itself on ARM), which reports name (null-ptr-deref,
 * user-memory-access, wild-memory-access).
 */
#ifndef KASAN_PLATFORM_H
#define KASAN_PLATFORM_H

#include <linux/linkage.h>
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/spinlock_types.h>
#include <asm/page.h>
#include <asm/kasan.h>

#include "kasan_version.h"
#include "kasan_arch.h"

#define kasan_likely(x)		likely(x)
#define kasan_unlikely(x)	unlikely(x)

#define KASAN_EXPORT(sym)	EXPORT_SYMBOL(sym)

/* Reports and the quarantine are taken from any context, irqs included. */
typedef raw_spinlock_t kasan_lock_t;
#define KASAN_LOCK_INITIALIZER	__RAW_SPIN_LOCK_UNLOCKED(kasan_runtime_lock)

/*
 * Always inline: every check calls it, inside user-access regions too,
 * and x86_64's bound may test a CPU feature (5-level paging), which
 * makes it look big enough for GCC to call it otherwise.
 */
static __always_inline bool kasan_plat_addr_has_shadow(unsigned long addr)
{
	return addr >= KASAN_ARCH_SHADOWED_START;
}

/*
 * A task's fake stack (use-after-return, fake_stack.c): an order-4 block
 * of pages on 64-bit, order 3 on 32-bit ARM (whose low memory is scarcer
 * and whose frames are smaller), aligned to its size by the page
 * allocator.  Frames up to 4 KiB, the largest class, still fit (the core
 * checks).
 */
#ifdef CONFIG_64BIT
#define KASAN_FAKE_STACK_SIZE	(64UL << 10)
#else
#define KASAN_FAKE_STACK_SIZE	(32UL << 10)
#endif

/*
 * The current task's (fake_stack.c): one load, inline, as every prologue
 * that asks for a frame runs it.  current is valid wherever instrumented
 * code runs (x86_64: the per-CPU register, set up before the first C code
 * of a CPU; ARM: its TPIDRURO, set before secondary_start_kernel()'s
 * first call).
 */
struct kasan_fake_stack;

#ifdef CONFIG_KASAN_STACK_USE_AFTER_RETURN
#include <linux/sched.h>

static __always_inline struct kasan_fake_stack *kasan_plat_fake_stack(void)
{
	return current->kasan_fake_stack;
}
#else
/* No field in task_struct, and no function asks: the core still links. */
static __always_inline struct kasan_fake_stack *kasan_plat_fake_stack(void)
{
	return NULL;
}
#endif

/* The kernel's compilers call the _noabort entry points only. */
#define KASAN_PLAT_RECOVER_ONLY

#endif /* KASAN_PLATFORM_H */
