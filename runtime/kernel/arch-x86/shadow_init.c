// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shadow's page tables on x86_64 (4-level paging).
 *
 * kasan_early_init(), before any instrumented code runs, maps the whole
 * shadow range [KASAN_SHADOW_START, KASAN_SHADOW_END) to one zeroed page
 * through one table per level, shared by every entry: all memory reads as
 * accessible, and writes (instrumented code poisoning its stack) land in
 * that page, which nobody reads for a report yet (init_task's kasan_depth
 * is 1 until kasan_init()).
 *
 * kasan_init(), once memblock knows the memory, gives real shadow pages
 * to the direct map, the kernel image and the cpu entry area (whose IST
 * stacks instrumented code poisons; on 6.12 its shared part, each CPU's
 * part when that CPU's is set up, kasan_populate_shadow_for_vaddr()).  A table that still points to the
 * shared early tables is replaced by a private copy before it changes,
 * so the shadow stays mapped all along and no page-table switch is
 * needed.  The vmalloc and module areas get private top-level tables with
 * nothing mapped below: vmalloc.c maps their shadow when memory is mapped
 * there, and these top-level entries, copied into every process's page
 * table from then on, never change again.  Everything else, the shadow of
 * the shadow included, keeps the zero page, now read-only: it reads as
 * accessible, and a write to it faults rather than corrupting the shadow
 * of everything that shares the page.
 */
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

#ifdef CONFIG_X86_5LEVEL
#error "kasan-plugin runtime: 4-level paging only (CONFIG_X86_5LEVEL=n)"
#endif

/* The names ptdump (mm/ptdump.c) knows the early tables by. */
unsigned char kasan_early_shadow_page[PAGE_SIZE] __page_aligned_bss;
pte_t kasan_early_shadow_pte[MAX_PTRS_PER_PTE + PTE_HWTABLE_PTRS]
	__page_aligned_bss;
pmd_t kasan_early_shadow_pmd[MAX_PTRS_PER_PMD] __page_aligned_bss;
pud_t kasan_early_shadow_pud[MAX_PTRS_PER_PUD] __page_aligned_bss;
/* Folded into the pgd with 4-level paging; ptdump compares with it. */
p4d_t kasan_early_shadow_p4d[MAX_PTRS_PER_P4D] __page_aligned_bss;

unsigned long kasan_shadow_bytes;
unsigned long kasan_shadow_table_bytes;

static void __init map_early_shadow(pgd_t *pgd)
{
	unsigned long entry = _KERNPG_TABLE | __pa_nodebug(kasan_early_shadow_pud);
	unsigned long addr;

	entry &= __default_kernel_pte_mask;
	for (addr = KASAN_SHADOW_START; addr < KASAN_SHADOW_END;
	     addr += PGDIR_SIZE) {
		pgd_t *p = pgd + pgd_index(addr);

		/* With 4-level paging, pgd_none() is always false. */
		if (!pgd_val(*p))
			set_pgd(p, __pgd(entry));
	}
}

void __init kasan_early_init(void)
{
	pteval_t pte = __pa_nodebug(kasan_early_shadow_page) | __PAGE_KERNEL |
		       _PAGE_ENC;
	pmdval_t pmd = __pa_nodebug(kasan_early_shadow_pte) | _KERNPG_TABLE;
	pudval_t pud = __pa_nodebug(kasan_early_shadow_pmd) | _KERNPG_TABLE;
	int i;

	pte &= __default_kernel_pte_mask;
	pmd &= __default_kernel_pte_mask;
	pud &= __default_kernel_pte_mask;
	for (i = 0; i < PTRS_PER_PTE; i++)
		kasan_early_shadow_pte[i] = __pte(pte);
	for (i = 0; i < PTRS_PER_PMD; i++)
		kasan_early_shadow_pmd[i] = __pmd(pmd);
	for (i = 0; i < PTRS_PER_PUD; i++)
		kasan_early_shadow_pud[i] = __pud(pud);

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
		if (action == KASAN_SHADOW_UNMAP && !(addr & ~PMD_MASK) &&
		    next - addr == PMD_SIZE)
			pmd_clear(pmd);
		else
			walk_pte(pmd, addr, next, action, nid);
	}
}

static void __init walk_pud(p4d_t *p4d, unsigned long addr,
			    unsigned long end, enum kasan_shadow_action action,
			    int nid)
{
	unsigned long next;
	pud_t *pud;

	/* The top level: always private, so that it never changes later. */
	if (p4d_none(*p4d) || is_early(p4d_pfn(*p4d), kasan_early_shadow_pud)) {
		void *t = private_table(p4d_none(*p4d), kasan_early_shadow_pud,
					nid);

		p4d_populate(&init_mm, p4d, t);
	}
	pud = pud_offset(p4d, addr);
	for (; addr < end; addr = next, pud++) {
		next = pud_addr_end(addr, end);
		if (action == KASAN_SHADOW_UNMAP && !(addr & ~PUD_MASK) &&
		    next - addr == PUD_SIZE)
			pud_clear(pud);
		else
			walk_pmd(pud, addr, next, action, nid);
	}
}

static void __init walk_shadow(unsigned long start, unsigned long end,
			       enum kasan_shadow_action action, int nid)
{
	unsigned long addr, next;

	start = round_down(start, PAGE_SIZE);
	end = round_up(end, PAGE_SIZE);
	for (addr = start; addr < end; addr = next) {
		pgd_t *pgd = pgd_offset_k(addr);

		next = pgd_addr_end(addr, end);
		walk_pud(p4d_offset(pgd, addr), addr, next, action, nid);
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

static void __init populate_memory(unsigned long start, unsigned long end,
				   int nid)
{
	kasan_populate_shadow(shadow_addr(start), shadow_addr(end), nid);
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
	populate_memory(cea, KASAN_VERSION_CEA_BOOT_END, NUMA_NO_NODE);

	walk_shadow(shadow_addr(VMALLOC_START), shadow_addr(VMALLOC_END + 1),
		    KASAN_SHADOW_UNMAP, NUMA_NO_NODE);
	walk_shadow(shadow_addr(MODULES_VADDR), shadow_addr(MODULES_END),
		    KASAN_SHADOW_UNMAP, NUMA_NO_NODE);

	__flush_tlb_all();
	seal_early_shadow();
	__flush_tlb_all();

	kasan_shadow_ready();
}
