// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The page allocator's hooks, large kmalloc() (pages, not a slab), and
 * what a report says about the pages and the vmalloc area around an
 * address.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mmdebug.h>
#include <linux/printk.h>
#include <linux/vmalloc.h>

#include "kasan_kernel.h"

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
	if (page) {
		pr_err("The buggy address belongs to the physical page:\n");
		dump_page(page, "kasan: bad access detected");
		pr_err("\n");
	}
}
