// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the shadow's set-up does the same on every architecture: its last
 * level, where a run of shadow PTEs, in a table the architecture has made
 * private to the shadow, gets real zeroed pages or nothing at all; and
 * its end, when reports may start.
 *
 * What differs per architecture (arch-ARCH/shadow_init.c) is above it:
 * how many levels the walk goes through, when a table stops being the
 * shared early one, and where the memory comes from
 * (kasan_arch_shadow_alloc()).  A PTE that is empty or still maps the
 * early zero page wants a page of its own; one that has a page keeps it,
 * so populating a range twice (memory next to memory already covered)
 * neither leaks nor changes anything.
 */
#define pr_fmt(fmt) "kasan: " fmt

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/task.h>

#include "kasan_kernel.h"

static bool __init maps_zero_page(pte_t pte)
{
	return !pte_none(pte) &&
	       pte_pfn(pte) == PHYS_PFN(__pa(kasan_early_shadow_page));
}

static bool __init pte_wants_page(pte_t pte)
{
	return pte_none(pte) || maps_zero_page(pte);
}

/* Every PTE of [addr, end) that wants one gets a page, in one allocation. */
static void __init populate_ptes(pte_t *pte, unsigned long addr,
				 unsigned long end, int nid)
{
	unsigned long i, npages = 0;
	char *pages;

	for (i = 0; addr + i * PAGE_SIZE < end; i++)
		npages += pte_wants_page(pte[i]);
	if (!npages)
		return;
	pages = kasan_arch_shadow_alloc(npages, nid, &kasan_shadow_bytes);
	for (; addr < end; addr += PAGE_SIZE, pte++) {
		if (!pte_wants_page(*pte))
			continue;
		set_pte_at(&init_mm, addr, pte,
			   pfn_pte(PHYS_PFN(__pa(pages)), PAGE_KERNEL));
		pages += PAGE_SIZE;
	}
}

void __init kasan_shadow_fill_ptes(pte_t *pte, unsigned long addr,
				   unsigned long end,
				   enum kasan_shadow_action action, int nid)
{
	if (action == KASAN_SHADOW_POPULATE ||
	    action == KASAN_SHADOW_POPULATE_LARGE) {
		populate_ptes(pte, addr, end, nid);
		return;
	}
	for (; addr < end; addr += PAGE_SIZE, pte++)
		if (action == KASAN_SHADOW_UNMAP || maps_zero_page(*pte))
			pte_clear(&init_mm, addr, pte);
}

/*
 * The shadow is complete: init_task, whose kasan_depth kept reports off
 * while the shadow was the early zero page, may report from now on,
 * functions may take frames from fake stacks, and page allocations may
 * get guard pages.
 */
void __init kasan_shadow_ready(void)
{
	init_task.kasan_depth = 0;
	kasan_use_after_return_ready();
	kasan_page_guards_ready();
	pr_info("KernelAddressSanitizer initialized (kasan-plugin runtime): "
		"%lu KiB of shadow, %lu KiB of its page tables\n",
		kasan_shadow_bytes >> 10, kasan_shadow_table_bytes >> 10);
}
