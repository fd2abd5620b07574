// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shadow's page tables on 32-bit ARM with 2-level (non-LPAE) tables,
 * in place of arch/arm/mm/kasan_init.c.
 *
 * The shadow, [KASAN_SHADOW_START, KASAN_SHADOW_END), is the top of user
 * space (TASK_SIZE is KASAN_SHADOW_START), so every page directory
 * copies its entries from swapper_pg_dir when pgd_alloc() makes it, as it
 * copies the kernel's.  Each entry covers PMD_SIZE (2 MiB) of shadow
 * through one page of PTEs (two hardware tables and Linux's view of
 * them).
 *
 * kasan_early_init(), from head-common.S before start_kernel(), points
 * every empty entry of the shadow to one table whose PTEs all map one
 * zeroed page: everything reads as accessible, and the stack poisoning of
 * instrumented code lands in that page, which no report reads yet
 * (init_task's kasan_depth is 1 until kasan_init()).
 *
 * kasan_init(), from setup_arch() once paging_init() has built the kernel
 * mappings, gives real shadow pages to lowmem (and to the pkmap area with
 * HIGHMEM).  With KASAN_VMALLOC the modules and vmalloc areas get empty
 * PTEs, which vmalloc.c fills when memory is mapped there; without it the
 * modules area gets real shadow.  Every entry that changes gets a private
 * table (a copy of the early one) at that moment, and never changes
 * again: the entries page directories copied stay right without any
 * fix-up, and the shadow stays mapped all along, without switching page
 * tables.  Everything else (the shadow of the fixmap, the vectors, the
 * gap below vmalloc) keeps the early table, whose page is then zeroed and
 * read-only: a write to it faults rather than poisoning everything that
 * shares it.  No highmem page has shadow (page.c leaves them alone).
 */
#define pr_fmt(fmt) "kasan: " fmt

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <linux/printk.h>
#include <asm/cacheflush.h>
#include <asm/cputype.h>
#include <asm/highmem.h>
#include <asm/pgalloc.h>
#include <asm/procinfo.h>
#include <asm/proc-fns.h>
#include <asm/tlbflush.h>

#include "kasan_kernel.h"

#ifdef CONFIG_ARM_LPAE
#error "kasan-plugin runtime: 2-level page tables only (CONFIG_ARM_LPAE=n)"
#endif

unsigned char kasan_early_shadow_page[PAGE_SIZE] __page_aligned_bss;
pte_t kasan_early_shadow_pte[MAX_PTRS_PER_PTE + PTE_HWTABLE_PTRS]
	__page_aligned_bss;

unsigned long kasan_shadow_bytes;
unsigned long kasan_shadow_table_bytes;

/* head-common.S: the proc_info of a CPU id, or NULL. */
struct proc_info_list *lookup_processor_type(unsigned int cpuid);

/*
 * Before setup_arch(), the page-table functions of a kernel built for
 * several CPU types (set_pte_ext() and the rest go through "processor")
 * are not set up yet: look ours up as setup_processor() will.
 */
static void __init early_processor_functions(void)
{
#ifdef MULTI_CPU
	struct proc_info_list *list = lookup_processor_type(read_cpuid_id());

	if (list)
		processor = *list->proc;
#endif
}

/*
 * The early page's attributes: build_mem_type_table() has not made
 * PAGE_KERNEL yet.  Normal write-back memory, which every ARM CPU has
 * (and on which unaligned shadow stores are allowed), not executable.
 */
#define EARLY_SHADOW_PROT \
	__pgprot(_L_PTE_DEFAULT | L_PTE_MT_WRITEBACK | L_PTE_DIRTY | L_PTE_XN)

asmlinkage void __init kasan_early_init(void)
{
	pte_t pte = pfn_pte(virt_to_pfn(kasan_early_shadow_page),
			    EARLY_SHADOW_PROT);
	unsigned long addr;
	int i;

	/* Whole entries of the page directory, and asm/kasan_def.h's layout. */
	BUILD_BUG_ON(KASAN_SHADOW_START & ~PMD_MASK);
	BUILD_BUG_ON(KASAN_SHADOW_END & ~PMD_MASK);
	BUILD_BUG_ON(KASAN_SHADOW_END - (1UL << (32 - KASAN_SHADOW_SCALE_SHIFT)) !=
		     KASAN_SHADOW_OFFSET);

	early_processor_functions();
	for (i = 0; i < PTRS_PER_PTE; i++)
		set_pte_ext(&kasan_early_shadow_pte[i], pte, 0);
	for (addr = KASAN_SHADOW_START; addr < KASAN_SHADOW_END;
	     addr += PMD_SIZE) {
		pmd_t *pmd = pmd_off_k(addr);

		if (pmd_none(*pmd))
			pmd_populate_kernel(&init_mm, pmd,
					    kasan_early_shadow_pte);
	}
}

/* Lowmem pages; 32-bit ARM has one node. */
void * __init kasan_arch_shadow_alloc(unsigned long npages, int nid,
				      unsigned long *counter)
{
	void *p = memblock_alloc(npages * PAGE_SIZE, PAGE_SIZE);

	if (!p)
		panic("kasan: out of memory for the shadow (%lu pages)\n",
		      npages);
	*counter += npages * PAGE_SIZE;
	return p;
}

static bool __init pmd_is_early(pmd_t pmd)
{
	return pmd_page_vaddr(pmd) == kasan_early_shadow_pte;
}

/*
 * The entry's own table: a zeroed one for an empty entry, a copy of the
 * early one (hardware half included) for an entry that points there.
 */
static void __init make_table_private(pmd_t *pmd)
{
	pte_t *table;

	if (!pmd_none(*pmd) && !pmd_is_early(*pmd))
		return;
	table = kasan_arch_shadow_alloc(1, NUMA_NO_NODE,
					&kasan_shadow_table_bytes);
	if (!pmd_none(*pmd)) {
		memcpy(table, kasan_early_shadow_pte, PAGE_SIZE);
		/* For CPUs whose table walks do not look in the cache. */
		clean_dcache_area(table + PTE_HWTABLE_PTRS, PTE_HWTABLE_SIZE);
	}
	pmd_populate_kernel(&init_mm, pmd, table);
}


/* [addr, end) of the shadow, within one entry of the page directory. */
static void __init walk_pte(pmd_t *pmd, unsigned long addr,
			    unsigned long end, enum kasan_shadow_action action)
{
	make_table_private(pmd);
	kasan_shadow_fill_ptes(pte_offset_kernel(pmd, addr), addr, end, action,
			       NUMA_NO_NODE);
}

static void __init walk_shadow(unsigned long start, unsigned long end,
			       enum kasan_shadow_action action)
{
	unsigned long addr, next;

	start = round_down(start, PAGE_SIZE);
	end = round_up(end, PAGE_SIZE);
	/* pgd_addr_end(): with the pmd folded, pmd_addr_end() is end. */
	for (addr = start; addr < end; addr = next) {
		next = pgd_addr_end(addr, end);
		walk_pte(pmd_off_k(addr), addr, next, action);
	}
}

/* Real shadow for [start, end) of the shadow range (not memory's). */
void __init kasan_populate_shadow(unsigned long start, unsigned long end,
				  int nid)
{
	walk_shadow(start, end, KASAN_SHADOW_POPULATE);
}

static unsigned long __init shadow_addr(unsigned long addr)
{
	return (unsigned long)kasan_shadow_of((void *)addr);
}

/* Memory's [start, end); end 0 is 4 GiB, whose shadow is the end's. */
static void __init shadow_of_memory(unsigned long start, unsigned long end,
				    enum kasan_shadow_action action)
{
	walk_shadow(shadow_addr(start), end ? shadow_addr(end) : KASAN_SHADOW_END,
		    action);
}

/*
 * Every memblock range below the highmem line (adjust_lowmem_bounds() set
 * high_memory at it): the direct map.
 */
static void __init populate_lowmem(void)
{
	phys_addr_t lowmem_end = __pa(high_memory - 1) + 1;
	phys_addr_t start, end;
	u64 i;

	for_each_mem_range(i, &start, &end) {
		if (start >= lowmem_end)
			continue;
		end = min(end, lowmem_end);
		shadow_of_memory((unsigned long)__va(start),
				 (unsigned long)__va(end), KASAN_SHADOW_POPULATE);
	}
}

/* Zero and read-only from now on: see the top of the file. */
static void __init seal_early_shadow(void)
{
	pte_t pte = pfn_pte(virt_to_pfn(kasan_early_shadow_page),
			    __pgprot(pgprot_val(PAGE_KERNEL) | L_PTE_RDONLY));
	int i;

	memset(kasan_early_shadow_page, 0, PAGE_SIZE);
	for (i = 0; i < PTRS_PER_PTE; i++)
		set_pte_ext(&kasan_early_shadow_pte[i], pte, 0);
}

void __init kasan_init(void)
{
	populate_lowmem();
	if (IS_ENABLED(CONFIG_KASAN_VMALLOC)) {
		shadow_of_memory(MODULES_VADDR, MODULES_END, KASAN_SHADOW_UNMAP);
		shadow_of_memory(VMALLOC_START, VMALLOC_END, KASAN_SHADOW_UNMAP);
	} else if (IS_ENABLED(CONFIG_MODULES)) {
		shadow_of_memory(MODULES_VADDR, MODULES_END, KASAN_SHADOW_POPULATE);
	}
	if (IS_ENABLED(CONFIG_HIGHMEM))
		shadow_of_memory(PKMAP_BASE, PKMAP_BASE + LAST_PKMAP * PAGE_SIZE,
				 KASAN_SHADOW_POPULATE);

	local_flush_tlb_all();
	seal_early_shadow();
	local_flush_tlb_all();

	kasan_shadow_ready();
}
