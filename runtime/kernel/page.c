// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The page allocator's hooks, large kmalloc() (pages, not a slab), the
 * guard pages after page allocations, and what a report says about the
 * pages and the vmalloc area around an address.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mmdebug.h>
#include <linux/printk.h>
#include <linux/vmalloc.h>

#include "kasan_kernel.h"

#ifdef KASAN_PAGE_GUARD_MAGIC
/* A guard's private: KASAN_PAGE_GUARD_MAGIC | the allocation's order. */
#define GUARD_ORDER_MASK	0xffUL

/*
 * Guard pages (the glue's mm/page_alloc.c takes and releases them; see
 * <linux/kasan.h>): a page allocation of order >= 1 gets the page after
 * it as a guard, poisoned KASAN_PAGE_GUARD, so that an overflow past its
 * end is reported (page-out-of-bounds) even where the next page is in
 * use.  Slab pages ask for none (__GFP_KASAN_NOGUARD): their objects
 * have redzones.  kasan.page_guard=on|off (default on); guards start
 * once the shadow is real (kasan_page_guards_ready()).
 */
static bool page_guard_wanted __initdata = true;
static bool page_guard_shadow_ready __initdata;
static bool page_guards_on __ro_after_init;

/* Either order of the parameter and the shadow works. */
static void __init apply_page_guard(void)
{
	page_guards_on = page_guard_wanted && page_guard_shadow_ready;
}

static int __init early_kasan_page_guard(char *arg)
{
	int err = kstrtobool(arg, &page_guard_wanted);

	if (!err)
		apply_page_guard();
	return err;
}
early_param("kasan.page_guard", early_kasan_page_guard);

void __init kasan_page_guards_ready(void)
{
	page_guard_shadow_ready = true;
	apply_page_guard();
}

bool kasan_page_guard_wanted(gfp_t gfp, unsigned int order)
{
	return page_guards_on && order && !(gfp & __GFP_KASAN_NOGUARD);
}

void kasan_page_guard_set(struct page *guard, struct page *page,
			  unsigned int order)
{
	kasan_poison(page_address(guard), PAGE_SIZE, KASAN_PAGE_GUARD);
}

/* The guard is a free page again. */
void kasan_page_guard_clear(struct page *guard)
{
	kasan_poison(page_address(guard), PAGE_SIZE, KASAN_PAGE_FREE);
}

/* If page is a guard, which allocation it guards. */
static void describe_page_guard(struct page *page)
{
	unsigned long order = page_private(page) & GUARD_ORDER_MASK;

	if (!PageGuard(page) ||
	    (page_private(page) & ~GUARD_ORDER_MASK) != KASAN_PAGE_GUARD_MAGIC)
		return;
	pr_err("The buggy address is in the guard page after the pages\n"
	       " [%px, %px) of order %lu, first page %px\n\n",
	       page_address(page - (1UL << order)), page_address(page),
	       order, page - (1UL << order));
}
#else
void __init kasan_page_guards_ready(void)
{
}

static void describe_page_guard(struct page *page)
{
}
#endif

void __kasan_poison_pages(struct page *page, unsigned int order, bool init)
{
	if (likely(!PageHighMem(page)))
		kasan_poison(page_address(page), PAGE_SIZE << order,
			     KASAN_PAGE_FREE);
}

/* Whether the pages were unpoisoned (6.12's __kasan_unpoison_pages()). */
bool kasan_unpoison_page_range(struct page *page, unsigned int order)
{
	if (unlikely(PageHighMem(page)))
		return false;
	kasan_unpoison(page_address(page), PAGE_SIZE << order);
	return true;
}

/* The pages were unpoisoned when allocated; past size is redzone. */
void * __must_check __kasan_kmalloc_large(const void *ptr, size_t size,
					  gfp_t flags)
{
	if (unlikely(!ptr))
		return NULL;
	kasan_large_kmalloc_resize(ptr, size);
	return (void *)ptr;
}

/* A large kmalloc() of size bytes at ptr: redzone after size. */
void kasan_large_kmalloc_resize(const void *ptr, size_t size)
{
	unsigned long redzone, end;
	struct page *page;

	kasan_unpoison(ptr, size);
	page = virt_to_head_page(ptr);
	redzone = round_up((unsigned long)ptr + size, KASAN_GRANULE_SIZE);
	end = (unsigned long)page_address(page) + page_size(page);
	kasan_poison((void *)redzone, end - redzone, KASAN_PAGE_REDZONE);
}

bool kasan_check_free_large(void *ptr, unsigned long ip)
{
	return !kasan_bad_free(ptr, page_address(virt_to_head_page(ptr)), ip);
}

/*
 * size bytes of pages at ptr go back to a mempool for reuse: checked as
 * a free, then poisoned as freed.  False if the free was a bug (reported).
 */
bool kasan_mempool_free_pages(void *ptr, size_t size, unsigned long ip)
{
	if (!kasan_check_free_large(ptr, ip))
		return false;
	kasan_poison(ptr, size, KASAN_PAGE_FREE);
	return true;
}

/* The pages themselves are poisoned when the page allocator frees them. */
void __kasan_kfree_large(void *ptr, unsigned long ip)
{
	kasan_check_free_large(ptr, ip);
}


void kasan_plat_describe_address(unsigned long addr)
{
	struct page *page = NULL;

	if (is_vmalloc_addr((void *)addr)) {
		struct vm_struct *area = find_vm_area((void *)addr);

		if (area) {
			pr_err("The buggy address belongs to the virtual mapping at\n"
			       " [%px, %px) created by:\n %pS\n\n",
			       area->addr, area->addr + area->size,
			       area->caller);
		}
		page = vmalloc_to_page((void *)addr);
	} else if (virt_addr_valid((void *)addr)) {
		page = virt_to_head_page((void *)addr);
	}
	if (page && !is_vmalloc_addr((void *)addr))
		describe_page_guard(page);
	if (page) {
		pr_err("The buggy address belongs to the physical page:\n");
		dump_page(page, "kasan: bad access detected");
		pr_err("\n");
	}
}
