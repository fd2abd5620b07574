// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shadow for vmalloc and module memory (CONFIG_KASAN_VMALLOC).  Their
 * shadow is unmapped after kasan_init() (shadow_init.c); when vmalloc
 * reserves an area, its shadow pages are mapped, filled with
 * KASAN_VMALLOC_INVALID, and made accessible as far as the mapping goes
 * (vmalloc_oob finds the rest poisoned).  When vmalloc frees a range of
 * address space, the shadow pages that only served that range go.
 */
#include <linux/atomic.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>
#include <asm/cacheflush.h>
#include <asm/tlbflush.h>

#include "kasan_kernel.h"

/*
 * Areas whose shadow could not be mapped (no page for it or for a page
 * table): vmalloc gives up on them, and the shadow pages mapped so far
 * stay, poisoned as unused vmalloc memory, for the next area there.
 * /sys/module/kasan/parameters/vmalloc_shadow_failures.
 */
static atomic_long_t vmalloc_shadow_failures = ATOMIC_LONG_INIT(0);

static int map_shadow_pte(pte_t *ptep, unsigned long addr, void *data)
{
	gfp_t gfp = *(gfp_t *)data;
	unsigned long page;

	if (likely(!pte_none(*ptep)))
		return 0;
	page = __get_free_page(gfp & ~__GFP_HIGHMEM);
	if (!page)
		return -ENOMEM;
	memset((void *)page, KASAN_VMALLOC_INVALID, PAGE_SIZE);

	/* Two areas may share a shadow page: the first one maps it. */
	spin_lock(&init_mm.page_table_lock);
	if (likely(pte_none(*ptep))) {
		set_pte_at(&init_mm, addr, ptep,
			   pfn_pte(PHYS_PFN(__pa(page)), PAGE_KERNEL));
		page = 0;
	}
	spin_unlock(&init_mm.page_table_lock);
	if (page)
		free_page(page);
	return 0;
}

int kasan_populate_vmalloc(unsigned long addr, unsigned long size,
			   gfp_t gfp_mask)
{
	unsigned long start, end;
	unsigned int scope;
	int ret;

	if (!is_vmalloc_or_module_addr((void *)addr))
		return 0;
	start = round_down((unsigned long)kasan_shadow_of((void *)addr),
			   PAGE_SIZE);
	end = round_up((unsigned long)kasan_shadow_of((void *)(addr + size)),
		       PAGE_SIZE);

	/*
	 * The page tables apply_to_page_range() allocates take GFP_KERNEL:
	 * a caller that may not recurse into the file system or I/O says so
	 * for them through the task's allocation scope.
	 */
	if (!(gfp_mask & __GFP_FS) && (gfp_mask & __GFP_IO))
		scope = memalloc_nofs_save();
	else if (!(gfp_mask & __GFP_IO))
		scope = memalloc_noio_save();
	else
		scope = 0;
	ret = apply_to_page_range(&init_mm, start, end - start,
				  map_shadow_pte, &gfp_mask);
	if (!(gfp_mask & __GFP_FS) && (gfp_mask & __GFP_IO))
		memalloc_nofs_restore(scope);
	else if (!(gfp_mask & __GFP_IO))
		memalloc_noio_restore(scope);
	if (ret) {
		atomic_long_inc(&vmalloc_shadow_failures);
		return ret;
	}
	flush_cache_vmap(start, end);
	return 0;
}

static int unmap_shadow_pte(pte_t *ptep, unsigned long addr, void *unused)
{
	unsigned long page = 0;

	spin_lock(&init_mm.page_table_lock);
	if (likely(!pte_none(*ptep))) {
		page = (unsigned long)__va(pte_pfn(*ptep) << PAGE_SHIFT);
		pte_clear(&init_mm, addr, ptep);
	}
	spin_unlock(&init_mm.page_table_lock);
	if (page)
		free_page(page);
	return 0;
}

struct shadow_span {
	unsigned long lo, hi;	/* shadow addresses */
};

static int poison_shadow_pte(pte_t *ptep, unsigned long addr, void *data)
{
	const struct shadow_span *span = data;
	unsigned long from = max(addr, span->lo);
	unsigned long to = min(addr + PAGE_SIZE, span->hi);

	if (!pte_none(*ptep) && from < to)
		memset((void *)from, KASAN_VMALLOC_INVALID, to - from);
	return 0;
}

/*
 * Free address space whose shadow pages stay (they also describe a
 * neighbour) reads as unused vmalloc memory, as new shadow pages do: not
 * every area is poisoned when it goes (remove_vm_area()'s own callers,
 * iounmap() and free_vm_area(), leave their shadow accessible), and an
 * area made there later unpoisons only its own size, so the rest of its
 * last page must not keep the old area's zeros (vmalloc_oob found them
 * once on a defconfig kernel).  Only mapped shadow is written.
 */
static void poison_freed_shadow(unsigned long start, unsigned long end)
{
	struct shadow_span span = {
		(unsigned long)kasan_shadow_of((void *)start),
		(unsigned long)kasan_shadow_of((void *)end),
	};
	unsigned long lo = round_down(span.lo, PAGE_SIZE);

	if (start < end)
		apply_to_existing_page_range(&init_mm, lo,
					     round_up(span.hi, PAGE_SIZE) - lo,
					     poison_shadow_pte, &span);
}

/*
 * [start, end) was freed, and [free_start, free_end) around it is now
 * free address space.  A shadow page can go when all the memory it
 * describes is free: those chunks of MEMORY_PER_SHADOW_PAGE inside the
 * free region that touch [start, end) (the others went before, or still
 * serve a neighbour).  The rest of [start, end) is poisoned.
 */
void kasan_release_vmalloc_shadow(unsigned long start, unsigned long end,
				  unsigned long free_start,
				  unsigned long free_end, bool flush)
{
	unsigned long lo, hi, shadow_lo, shadow_hi;

	lo = max(round_up(free_start, MEMORY_PER_SHADOW_PAGE),
		 round_down(start, MEMORY_PER_SHADOW_PAGE));
	hi = min(round_down(free_end, MEMORY_PER_SHADOW_PAGE),
		 round_up(end, MEMORY_PER_SHADOW_PAGE));
	if (lo >= hi) {
		poison_freed_shadow(start, end);
		return;
	}
	poison_freed_shadow(start, min(end, lo));
	poison_freed_shadow(max(start, hi), end);
	shadow_lo = (unsigned long)kasan_shadow_of((void *)lo);
	shadow_hi = (unsigned long)kasan_shadow_of((void *)hi);
	apply_to_existing_page_range(&init_mm, shadow_lo, shadow_hi - shadow_lo,
				     unmap_shadow_pte, NULL);
	if (flush)
		flush_tlb_kernel_range(shadow_lo, shadow_hi);
}

/*
 * The TLB entries of every shadow page that served [start, end): a
 * superset of what kasan_release_vmalloc_shadow() unmapped for it without
 * a flush (6.12 unmaps area by area, then flushes once).
 */
void kasan_flush_vmalloc_shadow(unsigned long start, unsigned long end)
{
	flush_tlb_kernel_range(
		round_down((unsigned long)kasan_shadow_of((void *)start),
			   PAGE_SIZE),
		round_up((unsigned long)kasan_shadow_of((void *)end), PAGE_SIZE));
}

/* vm_area_register_early(): an area used before vmalloc works. */
void __init kasan_populate_early_vm_area_shadow(void *start,
						unsigned long size)
{
	kasan_populate_shadow((unsigned long)kasan_shadow_of(start),
			      (unsigned long)kasan_shadow_of(start + size),
			      NUMA_NO_NODE);
}

/*
 * Generic KASAN unpoisons every mapping, VM_ALLOC or not, and zeroing is
 * vmalloc's own business here: the flags change nothing.
 */
void *__kasan_unpoison_vmalloc(const void *start, unsigned long size,
			       kasan_vmalloc_flags_t flags)
{
	if (is_vmalloc_or_module_addr(start))
		kasan_unpoison(start, size);
	return (void *)start;
}

void __kasan_poison_vmalloc(const void *start, unsigned long size)
{
	if (!is_vmalloc_or_module_addr(start))
		return;
	kasan_poison(start, round_up(size, KASAN_GRANULE_SIZE),
		     KASAN_VMALLOC_INVALID);
}

void __kasan_unpoison_vmap_areas(struct vm_struct **vms, int nr_vms,
				 kasan_vmalloc_flags_t flags)
{
	int i;

	for (i = 0; i < nr_vms; i++)
		vms[i]->addr = __kasan_unpoison_vmalloc(vms[i]->addr,
							vms[i]->size, flags);
}

/*
 * vrealloc() in place: the area keeps its address; the granules both
 * sizes cover stay as they are, the rest up to the new size is
 * unpoisoned and the rest up to the old size poisoned.
 */
void kasan_vmalloc_resize(const void *start, unsigned long old_size,
			  unsigned long new_size)
{
	unsigned long kept = round_down(min(old_size, new_size),
					KASAN_GRANULE_SIZE);
	unsigned long old_end = round_up(old_size, KASAN_GRANULE_SIZE);
	unsigned long new_end = round_up(new_size, KASAN_GRANULE_SIZE);

	if (!is_vmalloc_or_module_addr(start))
		return;
	kasan_unpoison(start + kept, new_size - kept);
	if (new_end < old_end)
		kasan_poison(start + new_end, old_end - new_end,
			     KASAN_VMALLOC_INVALID);
}

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kasan."
module_param_cb(vmalloc_shadow_failures, &kasan_counter_ops,
		&vmalloc_shadow_failures, 0444);
