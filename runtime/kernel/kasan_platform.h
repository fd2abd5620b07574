/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel platform's definitions for the runtime core: Linux 6.1 or
 * 6.12 (kasan_version.h, from the version's directory), x86_64 with
 * 4-level paging, generic KASAN (CONFIG_KASAN_RUNTIME_OWN).
 *
 * The shadow offset is CONFIG_KASAN_SHADOW_OFFSET (asm/kasan.h), the one
 * the compiler was given.  The kernel half of the address space,
 * [-1UL << __VIRTUAL_MASK_SHIFT, ~0UL], has shadow; its shadow is
 * [KASAN_SHADOW_START, KASAN_SHADOW_END).  The lower half is user space
 * or non-canonical, which reports name (null-ptr-deref,
 * user-memory-access, wild-memory-access).
 */
#ifndef KASAN_PLATFORM_H
#define KASAN_PLATFORM_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/spinlock_types.h>
#include <asm/page.h>
#include <asm/kasan.h>
#include <asm/smap.h>

#include "kasan_version.h"

#define KASAN_KERNEL_HALF_START	(-1UL << __VIRTUAL_MASK_SHIFT)

#define KASAN_PLAT_SLAB_UAF	KASAN_VERSION_SLAB_UAF

#define kasan_likely(x)		likely(x)
#define kasan_unlikely(x)	unlikely(x)

#define KASAN_EXPORT(sym)	EXPORT_SYMBOL(sym)

/* Reports and the quarantine are taken from any context, irqs included. */
typedef raw_spinlock_t kasan_lock_t;
#define KASAN_LOCK_INITIALIZER	__RAW_SPIN_LOCK_UNLOCKED(kasan_runtime_lock)

static inline bool kasan_plat_addr_has_shadow(unsigned long addr)
{
	return addr >= KASAN_KERNEL_HALF_START;
}

/* The kernel's compilers call the _noabort entry points only. */
#define KASAN_PLAT_RECOVER_ONLY

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

#endif /* KASAN_PLATFORM_H */
