// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shadow for memory added at run time (CONFIG_MEMORY_HOTPLUG).  The
 * architecture's kasan_init() leaves the direct map's shadow unmapped
 * where the boot had no memory (x86: shadow_init.c); the memory notifier
 * maps real, zeroed shadow pages there before a block of memory goes
 * online (the page allocator poisons its pages as they are freed into
 * it) and frees them when the block goes offline again or its onlining
 * fails.  Shadow the boot made (memblock's pages, 2 MiB ones included,
 * or the read-only zero page) stays as it is: memory offlined and
 * onlined again keeps it, and nothing here writes through it.
 *
 * kasan_add_zero_shadow() and kasan_remove_zero_shadow() map and unmap
 * the read-only zero page as the shadow of memory nobody allocates from
 * (the memory map a block hosts, memmap_on_memory; ZONE_DEVICE memory):
 * it reads as accessible, and a write to it faults.
 */
#define pr_fmt(fmt) "kasan: " fmt

#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/memory.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/pgtable.h>
#include <asm/tlbflush.h>

#include "kasan_kernel.h"

/*
 * Bytes of shadow this file mapped for memory that came online (the
 * notifier runs under mem_hotplug_lock, one at a time).
 */
static unsigned long hotplug_shadow_bytes;

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kasan."
module_param(hotplug_shadow_bytes, ulong, 0444);

/*
 * Does the boot's shadow map addr: memblock's pages (2 MiB ones, or
 * pages in a table), or the zero page?  Those are reserved pages; the
 * ones map_shadow_page() allocates are not.
 */
static bool boot_shadow(unsigned long addr)
{
	pgd_t *pgd = pgd_offset_k(addr);
	p4d_t *p4d;
	pud_t *pud;
	pmd_t *pmd;
	pte_t *pte;

	if (pgd_none(*pgd))
		return false;
	p4d = p4d_offset(pgd, addr);
	if (p4d_none(*p4d))
		return false;
	pud = pud_offset(p4d, addr);
	if (pud_none(*pud) || pud_leaf(*pud))
		return !pud_none(*pud);
	pmd = pmd_offset(pud, addr);
	if (pmd_none(*pmd) || pmd_leaf(*pmd))
		return !pmd_none(*pmd);
	pte = pte_offset_kernel(pmd, addr);
	return !pte_none(*pte) && PageReserved(pte_page(*pte));
}

static int map_shadow_page(pte_t *pte, unsigned long addr, void *data)
{
	struct page *page;

	if (!pte_none(*pte))
		return 0;
	page = alloc_pages_node(*(int *)data, GFP_KERNEL | __GFP_ZERO, 0);
	if (!page)
		return -ENOMEM;
	set_pte_at(&init_mm, addr, pte, mk_pte(page, PAGE_KERNEL));
	hotplug_shadow_bytes += PAGE_SIZE;
	return 0;
}

/* Unmapped pages go on a list, freed once no TLB has them. */
static int unmap_shadow_page(pte_t *pte, unsigned long addr, void *data)
{
	struct page *page;

	if (pte_none(*pte) || PageReserved(pte_page(*pte)))
		return 0;
	page = pte_page(*pte);
	pte_clear(&init_mm, addr, pte);
	list_add(&page->lru, data);
	hotplug_shadow_bytes -= PAGE_SIZE;
	return 0;
}

static void unmap_shadow(unsigned long start, unsigned long end)
{
	struct page *page, *next;
	LIST_HEAD(pages);

	apply_to_existing_page_range(&init_mm, start, end - start,
				     unmap_shadow_page, &pages);
	flush_tlb_kernel_range(start, end);
	list_for_each_entry_safe(page, next, &pages, lru)
		__free_page(page);
}

static int kasan_memory_notify(struct notifier_block *nb,
			       unsigned long action, void *data)
{
	struct memory_notify *mem = data;
	unsigned long start = (unsigned long)pfn_to_kaddr(mem->start_pfn);
	unsigned long size = PFN_PHYS(mem->nr_pages);
	unsigned long shadow = (unsigned long)kasan_shadow_of((void *)start);
	unsigned long shadow_end = shadow + (size >> KASAN_SHADOW_SCALE_SHIFT);
	int nid = pfn_to_nid(mem->start_pfn);

	if (WARN_ON(!IS_ALIGNED(start | size, MEMORY_PER_SHADOW_PAGE)))
		return NOTIFY_BAD;
	/* The boot's shadow (memory offlined before): kept as it is. */
	if (boot_shadow(shadow))
		return NOTIFY_OK;
	switch (action) {
	case MEM_GOING_ONLINE:
		if (apply_to_page_range(&init_mm, shadow, shadow_end - shadow,
					map_shadow_page, &nid)) {
			unmap_shadow(shadow, shadow_end);
			return NOTIFY_BAD;
		}
		break;
	case MEM_CANCEL_ONLINE:
	case MEM_OFFLINE:
		unmap_shadow(shadow, shadow_end);
		break;
	}
	return NOTIFY_OK;
}

static int __init kasan_memory_hotplug_init(void)
{
	/* Priority 0, after SLAB_CALLBACK_PRI's (1). */
	hotplug_memory_notifier(kasan_memory_notify, 0);
	return 0;
}
core_initcall(kasan_memory_hotplug_init);

static int map_zero_page(pte_t *pte, unsigned long addr, void *unused)
{
	if (pte_none(*pte))
		set_pte_at(&init_mm, addr, pte,
			   pfn_pte(PHYS_PFN(__pa_symbol(kasan_early_shadow_page)),
				   PAGE_KERNEL_RO));
	return 0;
}

static int unmap_zero_page(pte_t *pte, unsigned long addr, void *unused)
{
	if (!pte_none(*pte) &&
	    pte_pfn(*pte) == PHYS_PFN(__pa_symbol(kasan_early_shadow_page)))
		pte_clear(&init_mm, addr, pte);
	return 0;
}

/* The shadow range of [start, start + size), or false if misaligned. */
static bool zero_shadow_range(void *start, unsigned long size,
			      unsigned long *shadow, unsigned long *len)
{
	if (!IS_ALIGNED((unsigned long)start | size, MEMORY_PER_SHADOW_PAGE))
		return false;
	*shadow = (unsigned long)kasan_shadow_of(start);
	*len = size >> KASAN_SHADOW_SCALE_SHIFT;
	return true;
}

int kasan_add_zero_shadow(void *start, unsigned long size)
{
	unsigned long shadow, len;

	if (WARN_ON(!zero_shadow_range(start, size, &shadow, &len)))
		return -EINVAL;
	if (apply_to_page_range(&init_mm, shadow, len, map_zero_page, NULL)) {
		kasan_remove_zero_shadow(start, size);
		return -ENOMEM;
	}
	return 0;
}

void kasan_remove_zero_shadow(void *start, unsigned long size)
{
	unsigned long shadow, len;

	if (WARN_ON(!zero_shadow_range(start, size, &shadow, &len)))
		return;
	apply_to_existing_page_range(&init_mm, shadow, len, unmap_zero_page,
				     NULL);
	flush_tlb_kernel_range(shadow, shadow + len);
}
