// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shadow's page tables on x86_64, with 4- or 5-level paging: a
 * kernel built with CONFIG_X86_5LEVEL decides at boot (LA57, no5lvl),
 * and pgtable_l5_enabled() says which.  The shadow offset is the same
 * either way; with 5 levels KASAN_SHADOW_START moves down (56-bit
 * addresses) while KASAN_SHADOW_END stays, in the top-level entry that
 * also holds the kernel image, the modules and the cpu entry area.
 *
 * kasan_early_init(), before any instrumented code runs, maps the whole
 * shadow range [KASAN_SHADOW_START, KASAN_SHADOW_END) to one zeroed page
 * through one table per level, shared by every entry (with 4 levels the
 * p4d is folded into the pgd and its early table stays unused): all
 * memory reads as accessible, and writes (instrumented code poisoning
 * its stack) land in that page, which nobody reads for a report yet
 * (init_task's kasan_depth is 1 until kasan_init()).
 *
 * kasan_init(), once memblock knows the memory, gives real shadow pages
 * to the direct map, the kernel image and the cpu entry area (whose IST
 * stacks instrumented code poisons; on 6.12 its shared part, each CPU's
 * part when that CPU's is set up, kasan_populate_shadow_for_vaddr()).
 * The direct map's and the image's shadow comes 2 MiB at a time where a
 * whole, aligned 2 MiB of shadow is wanted and memblock has it (one PMD,
 * no PTE table), 4 KiB pages elsewhere.  A table that still points to the
 * shared early tables is replaced by a private copy before it changes,
 * so the shadow stays mapped all along and no page-table switch is
 * needed.  The vmalloc and module areas get private tables at the level
 * below the pgd's entries with nothing mapped under them: vmalloc.c maps
 * their shadow when memory is mapped there, and the pgd's entries, copied
 * into every process's page table from then on, never change again.
 * With memory hotplug, the direct map's shadow beyond the boot's memory
 * is unmapped the same way, for memory_hotplug.c to map when memory
 * comes.  Everything else, the shadow of the shadow included, keeps the
 * zero page, now read-only: it reads as accessible, and a write to it
 * faults rather than corrupting the shadow of everything that shares the
 * page.
 */
/* pgtable_l5_enabled() before the CPU's features are known. */
#define USE_EARLY_PGTABLE_L5
#define pr_fmt(fmt) "kasan: " fmt

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <linux/printk.h>
#include <asm/cpu_entry_area.h>
#include <asm/pgalloc.h>
#include <asm/sections.h>
#include <asm/tlbflush.h>

#include "kasan_kernel.h"

/* The names ptdump (mm/ptdump.c) knows the early tables by. */
unsigned char kasan_early_shadow_page[PAGE_SIZE] __page_aligned_bss;
pte_t kasan_early_shadow_pte[MAX_PTRS_PER_PTE + PTE_HWTABLE_PTRS]
	__page_aligned_bss;
pmd_t kasan_early_shadow_pmd[MAX_PTRS_PER_PMD] __page_aligned_bss;
pud_t kasan_early_shadow_pud[MAX_PTRS_PER_PUD] __page_aligned_bss;
/* Used with 5-level paging only (folded into the pgd with 4). */
p4d_t kasan_early_shadow_p4d[MAX_PTRS_PER_P4D] __page_aligned_bss;

unsigned long kasan_shadow_bytes;
unsigned long kasan_shadow_table_bytes;

static unsigned long __init early_table_entry(const void *table)
{
	return (_KERNPG_TABLE | __pa_nodebug(table)) &
	       __default_kernel_pte_mask;
}

/*
 * The p4d entry of addr under a top-level entry, before __va() works:
 * with 5 levels its table is the early one or the kernel image's own,
 * both in the image; with 4 the entry itself.
 */
static p4d_t * __init early_p4d_entry(pgd_t *pgd, unsigned long addr)
{
	unsigned long table;

	if (!pgtable_l5_enabled())
		return (p4d_t *)pgd;
	table = (pgd_val(*pgd) & PTE_PFN_MASK) + __START_KERNEL_map - phys_base;
	return (p4d_t *)table + p4d_index(addr);
}

/* Every empty entry of the shadow range, at the top two levels. */
static void __init map_early_shadow(pgd_t *pgd)
{
	unsigned long addr, next, p4d_addr;

	for (addr = KASAN_SHADOW_START & PGDIR_MASK; addr < KASAN_SHADOW_END;
	     addr = next) {
		pgd_t *top = pgd + pgd_index(addr);

		next = pgd_addr_end(addr, KASAN_SHADOW_END);
		/* With 4-level paging, pgd_none() is always false. */
		if (pgd_none(*top))
			set_pgd(top, __pgd(early_table_entry(kasan_early_shadow_p4d)));
		for (p4d_addr = addr; p4d_addr < next;
		     p4d_addr = p4d_addr_end(p4d_addr, next)) {
			p4d_t *p4d = early_p4d_entry(top, p4d_addr);

			if (!p4d_val(*p4d))
				set_p4d(p4d, __p4d(early_table_entry(
						     kasan_early_shadow_pud)));
		}
	}
}

void __init kasan_early_init(void)
{
	pteval_t pte = __pa_nodebug(kasan_early_shadow_page) | __PAGE_KERNEL |
		       _PAGE_ENC;
	pmdval_t pmd = early_table_entry(kasan_early_shadow_pte);
	pudval_t pud = early_table_entry(kasan_early_shadow_pmd);
	p4dval_t p4d = early_table_entry(kasan_early_shadow_pud);
	int i;

	pte &= __default_kernel_pte_mask;
	for (i = 0; i < PTRS_PER_PTE; i++)
		kasan_early_shadow_pte[i] = __pte(pte);
	for (i = 0; i < PTRS_PER_PMD; i++)
		kasan_early_shadow_pmd[i] = __pmd(pmd);
	for (i = 0; i < PTRS_PER_PUD; i++)
		kasan_early_shadow_pud[i] = __pud(pud);
	for (i = 0; pgtable_l5_enabled() && i < PTRS_PER_P4D; i++)
		kasan_early_shadow_p4d[i] = __p4d(p4d);

	map_early_shadow(early_top_pgt);
	map_early_shadow(init_top_pgt);
}

static bool __init is_early(unsigned long pfn, const void *early_table)
{
	return pfn == PHYS_PFN(__pa_symbol(early_table));
}

/* One memblock call per page table, on the node of the memory. */
void * __init kasan_arch_shadow_alloc(unsigned long npages, int nid,
				      unsigned long *counter)
{
	void *p = memblock_alloc_try_nid(npages * PAGE_SIZE, PAGE_SIZE,
					 __pa(MAX_DMA_ADDRESS),
					 MEMBLOCK_ALLOC_ACCESSIBLE, nid);

	if (!p)
		panic("kasan: out of memory for the shadow (node %d)\n", nid);
	*counter += npages * PAGE_SIZE;
	return p;
}

/*
 * A private table for an entry that is empty (a zeroed one) or still
 * points to the shared early table (a copy of it).
 */
static void * __init private_table(bool none, const void *early, int nid)
{
	void *table = kasan_arch_shadow_alloc(1, nid,
					      &kasan_shadow_table_bytes);

	if (!none)
		memcpy(table, early, PAGE_SIZE);
	return table;
}

/* Is [addr, next) all that an entry of this size maps? */
static bool __init covers_whole(unsigned long addr, unsigned long next,
				unsigned long size)
{
	return !(addr & (size - 1)) && next - addr == size;
}

/*
 * Does the entry for [addr, next) go as a whole?  For KASAN_SHADOW_UNMAP
 * when it covers all its size; for KASAN_SHADOW_UNMAP_ZERO only if it
 * maps nothing real either (empty, or still the early table).
 */
static bool __init clears_whole(enum kasan_shadow_action action,
				unsigned long addr, unsigned long next,
				unsigned long size, bool zero)
{
	if (!covers_whole(addr, next, size))
		return false;
	return action == KASAN_SHADOW_UNMAP ||
	       (action == KASAN_SHADOW_UNMAP_ZERO && zero);
}

/*
 * A whole, aligned 2 MiB of shadow that is still the zero page (or
 * empty), from one 2 MiB memblock allocation, mapped by the PMD itself;
 * false when the CPU or memblock cannot, and 4 KiB pages it is.
 */
static bool __init populate_large(pmd_t *pmd, unsigned long addr,
				  unsigned long next, int nid)
{
	void *p;

	if (!boot_cpu_has(X86_FEATURE_PSE) ||
	    !covers_whole(addr, next, PMD_SIZE))
		return false;
	if (!pmd_none(*pmd) && !is_early(pmd_pfn(*pmd), kasan_early_shadow_pte))
		return false;
	p = memblock_alloc_try_nid(PMD_SIZE, PMD_SIZE, __pa(MAX_DMA_ADDRESS),
				   MEMBLOCK_ALLOC_ACCESSIBLE, nid);
	if (!p)
		return false;
	set_pmd(pmd, pfn_pmd(PHYS_PFN(__pa(p)), PAGE_KERNEL_LARGE));
	kasan_shadow_bytes += PMD_SIZE;
	return true;
}

static void __init walk_pte(pmd_t *pmd, unsigned long addr,
			    unsigned long end, enum kasan_shadow_action action,
			    int nid)
{
	if (pmd_none(*pmd) || is_early(pmd_pfn(*pmd), kasan_early_shadow_pte)) {
		void *t = private_table(pmd_none(*pmd), kasan_early_shadow_pte,
					nid);

		pmd_populate_kernel(&init_mm, pmd, t);
	}
	kasan_shadow_fill_ptes(pte_offset_kernel(pmd, addr), addr, end, action,
			       nid);
}

static void __init walk_pmd(pud_t *pud, unsigned long addr,
			    unsigned long end, enum kasan_shadow_action action,
			    int nid)
{
	unsigned long next;
	pmd_t *pmd;

	if (pud_none(*pud) || is_early(pud_pfn(*pud), kasan_early_shadow_pmd)) {
		void *t = private_table(pud_none(*pud), kasan_early_shadow_pmd,
					nid);

		pud_populate(&init_mm, pud, t);
	}
	pmd = pmd_offset(pud, addr);
	for (; addr < end; addr = next, pmd++) {
		next = pmd_addr_end(addr, end);
		/* 2 MiB of real shadow: all there is to populate, or keep. */
		if (pmd_leaf(*pmd))
			continue;
		if (clears_whole(action, addr, next, PMD_SIZE,
				 pmd_none(*pmd) ||
				 is_early(pmd_pfn(*pmd), kasan_early_shadow_pte)))
			pmd_clear(pmd);
		else if (action != KASAN_SHADOW_POPULATE_LARGE ||
			 !populate_large(pmd, addr, next, nid))
			walk_pte(pmd, addr, next, action, nid);
	}
}

/* With 4-level paging, the top level: always private, never to change. */
static void __init walk_pud(p4d_t *p4d, unsigned long addr,
			    unsigned long end, enum kasan_shadow_action action,
			    int nid)
{
	unsigned long next;
	pud_t *pud;

	if (p4d_none(*p4d) || is_early(p4d_pfn(*p4d), kasan_early_shadow_pud)) {
		void *t = private_table(p4d_none(*p4d), kasan_early_shadow_pud,
					nid);

		p4d_populate(&init_mm, p4d, t);
	}
	pud = pud_offset(p4d, addr);
	for (; addr < end; addr = next, pud++) {
		next = pud_addr_end(addr, end);
		if (clears_whole(action, addr, next, PUD_SIZE,
				 pud_none(*pud) ||
				 is_early(pud_pfn(*pud), kasan_early_shadow_pmd)))
			pud_clear(pud);
		else
			walk_pmd(pud, addr, next, action, nid);
	}
}

/*
 * With 5-level paging, the top level: always private, never to change;
 * with 4, folded into the pgd (walk_pud() has the top level).
 */
static void __init walk_p4d(pgd_t *pgd, unsigned long addr,
			    unsigned long end, enum kasan_shadow_action action,
			    int nid)
{
	unsigned long next;
	p4d_t *p4d;

	if (!pgtable_l5_enabled()) {
		walk_pud(p4d_offset(pgd, addr), addr, end, action, nid);
		return;
	}
	if (pgd_none(*pgd) || is_early(pgd_pfn(*pgd), kasan_early_shadow_p4d)) {
		/* Unused where pgd_populate() is empty: no X86_5LEVEL. */
		void *t __maybe_unused = private_table(pgd_none(*pgd),
						       kasan_early_shadow_p4d,
						       nid);

		pgd_populate(&init_mm, pgd, t);
	}
	p4d = p4d_offset(pgd, addr);
	for (; addr < end; addr = next, p4d++) {
		next = p4d_addr_end(addr, end);
		if (clears_whole(action, addr, next, P4D_SIZE,
				 p4d_none(*p4d) ||
				 is_early(p4d_pfn(*p4d), kasan_early_shadow_pud)))
			p4d_clear(p4d);
		else
			walk_pud(p4d, addr, next, action, nid);
	}
}

static void __init walk_shadow(unsigned long start, unsigned long end,
			       enum kasan_shadow_action action, int nid)
{
	unsigned long addr, next;

	start = round_down(start, PAGE_SIZE);
	end = round_up(end, PAGE_SIZE);
	for (addr = start; addr < end; addr = next) {
		next = pgd_addr_end(addr, end);
		walk_p4d(pgd_offset_k(addr), addr, next, action, nid);
	}
}

/* Real shadow for [start, end) of the shadow range (not memory's). */
void __init kasan_populate_shadow(unsigned long start, unsigned long end,
				  int nid)
{
	walk_shadow(start, end, KASAN_SHADOW_POPULATE, nid);
}

static unsigned long __init shadow_addr(unsigned long addr)
{
	return (unsigned long)kasan_shadow_of((void *)addr);
}

/* Real shadow for memory [start, end), 2 MiB of shadow at once if it can. */
static void __init populate_memory(unsigned long start, unsigned long end,
				   int nid)
{
	walk_shadow(shadow_addr(start), shadow_addr(end),
		    KASAN_SHADOW_POPULATE_LARGE, nid);
}

/* Zero and read-only from now on: see the top of the file. */
static void __init seal_early_shadow(void)
{
	pte_t pte = pfn_pte(PHYS_PFN(__pa_symbol(kasan_early_shadow_page)),
			    PAGE_KERNEL_RO);
	int i;

	memset(kasan_early_shadow_page, 0, PAGE_SIZE);
	for (i = 0; i < PTRS_PER_PTE; i++)
		set_pte(&kasan_early_shadow_pte[i], pte);
}

/*
 * The shadow of the direct map where no memory is: left to the memory
 * that may be added there (memory_hotplug.c), once all the boot's memory
 * has its own (it and memblock's tables may be anywhere in the range).
 */
static void __init unmap_missing_memory(void)
{
	if (!IS_ENABLED(CONFIG_MEMORY_HOTPLUG))
		return;
	walk_shadow(shadow_addr(PAGE_OFFSET), shadow_addr(PAGE_OFFSET + MAXMEM),
		    KASAN_SHADOW_UNMAP_ZERO, NUMA_NO_NODE);
}

void __init kasan_init(void)
{
	unsigned long cea = CPU_ENTRY_AREA_BASE;
	int i;

	for (i = 0; i < nr_pfn_mapped; i++)
		populate_memory((unsigned long)pfn_to_kaddr(pfn_mapped[i].start),
				(unsigned long)pfn_to_kaddr(pfn_mapped[i].end),
				early_pfn_to_nid(pfn_mapped[i].start));
	populate_memory((unsigned long)_stext, (unsigned long)_end,
			early_pfn_to_nid(__pa_symbol(_stext) >> PAGE_SHIFT));
	kasan_populate_shadow(shadow_addr(cea),
			      shadow_addr(KASAN_VERSION_CEA_BOOT_END),
			      NUMA_NO_NODE);
	unmap_missing_memory();

	walk_shadow(shadow_addr(VMALLOC_START), shadow_addr(VMALLOC_END + 1),
		    KASAN_SHADOW_UNMAP, NUMA_NO_NODE);
	walk_shadow(shadow_addr(MODULES_VADDR), shadow_addr(MODULES_END),
		    KASAN_SHADOW_UNMAP, NUMA_NO_NODE);

	__flush_tlb_all();
	seal_early_shadow();
	__flush_tlb_all();

	pr_info("shadow for %d-level paging, [0x%lx, 0x%lx)\n",
		pgtable_l5_enabled() ? 5 : 4,
		(unsigned long)KASAN_SHADOW_START,
		(unsigned long)KASAN_SHADOW_END);
	kasan_shadow_ready();
}
