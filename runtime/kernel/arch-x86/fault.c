// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64's hint for a general protection fault (arch/x86/kernel/
 * dumpstack.c calls it): the non-canonical address may be the shadow
 * load of an inline check, whose bad pointer it names.
 */
#include <linux/kernel.h>
#include <linux/printk.h>

#include "kasan_kernel.h"

/*
 * A general protection fault on a non-canonical address may be an
 * instrumented access's shadow load for a bad pointer: name the range of
 * pointers whose shadow that is.
 */
void kasan_non_canonical_hook(unsigned long addr)
{
	unsigned long mem;
	const char *what;

	/* Below the offset, no pointer has its shadow. */
	if (addr < KASAN_SHADOW_OFFSET)
		return;
	mem = (addr - KASAN_SHADOW_OFFSET) << KASAN_SHADOW_SCALE_SHIFT;
	if (mem < PAGE_SIZE)
		what = "null-ptr-deref";
	else if (mem < KASAN_ARCH_USER_END)
		what = "probably user-memory-access";
	else if (addr >= KASAN_SHADOW_START && addr < KASAN_SHADOW_END)
		what = "probably wild-memory-access";
	else
		what = "maybe wild-memory-access";
	pr_alert("KASAN: %s in range [0x%016lx-0x%016lx]\n", what, mem,
		 mem + KASAN_GRANULE_SIZE - 1);
}
