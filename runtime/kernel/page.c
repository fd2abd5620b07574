// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The page allocator's hooks, large kmalloc() (pages, not a slab), the
 * guard pages after page allocations, and what a report says about the
 * pages and the vmalloc area around an address.  A large kmalloc() with
 * a guard keeps its tracks in the guard and goes into the quarantine
 * when freed, as a slab object does (slab.c hands such objects here).
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
 * The guard after the allocation [page, order], if it has one.  Only an
 * allocation aligned to order + 1 can have one (the guard is the first
 * page of its buddy), and none is bigger than a pageblock: the struct
 * page after the allocation is then in the same buddy block.
 */
static struct page *guard_after(struct page *page, unsigned int order)
{
	struct page *guard;

	if (!order || order + 1 > pageblock_order ||
	    (page_to_pfn(page) & (1UL << order)))
		return NULL;
	guard = page + (1UL << order);
	if (!PageGuard(guard) ||
	    page_private(guard) != (KASAN_PAGE_GUARD_MAGIC | order))
		return NULL;
	return guard;
}

/*
 * A large kmalloc() object with a guard keeps its metadata in the guard,
 * whose memory nobody else may touch: the same tracks as a slab object
 * (Allocated by, Freed by, the requested size) and the free metadata
 * that links it into the quarantine.  magic says that the pages are a
 * large kmalloc() object (plain page allocations have guards too); a new
 * guard and the pages' free clear it.
 */
#define LARGE_META_MAGIC	0x4b4c4d45UL	/* "KLME" */

struct large_meta {
	unsigned long magic;
	struct kasan_alloc_meta alloc_meta;
	struct kasan_free_meta free_meta;
};

static struct large_meta *large_meta(struct page *guard)
{
	return page_address(guard);
}

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
	large_meta(guard)->magic = 0;
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

static void large_meta_forget(struct page *page, unsigned int order)
{
	struct page *guard = guard_after(page, order);

	if (guard)
		large_meta(guard)->magic = 0;
}

static void large_object_info(struct page *head, struct page *guard,
			      struct kasan_object_info *obj)
{
	struct large_meta *meta = large_meta(guard);

	obj->cache = NULL;
	obj->cache_name = "kmalloc-large";
	obj->object = page_address(head);
	obj->object_size = page_size(head);
	obj->held_size = page_size(head) + PAGE_SIZE;
	/* The guard is the redzone: no pattern to fill or check. */
	obj->left_redzone = 0;
	obj->redzone_start = 0;
	obj->redzone_end = 0;
	obj->alloc_meta = &meta->alloc_meta;
	obj->free_meta = &meta->free_meta;
}

/* The guard of the large kmalloc() object that starts at head, or NULL. */
static struct page *large_guard(struct page *head)
{
	struct page *guard;

	if (!PageHead(head))
		return NULL;
	guard = guard_after(head, compound_order(head));
	if (!guard || large_meta(guard)->magic != LARGE_META_MAGIC)
		return NULL;
	return guard;
}

/* A new large kmalloc() object at ptr: its tracks, if it has a guard. */
static void large_meta_alloc(const void *ptr, size_t size)
{
	struct page *head = virt_to_head_page(ptr);
	struct page *guard = guard_after(head, compound_order(head));
	struct kasan_object_info obj;

	if (!guard || !PageHead(head))
		return;
	large_meta(guard)->magic = LARGE_META_MAGIC;
	large_object_info(head, guard, &obj);
	kasan_object_alloc(&obj, size, _RET_IP_);
}

/*
 * The large kmalloc() object whose pages or guard hold addr (report.c's
 * object description), with its metadata.
 */
bool kasan_large_find_object(unsigned long addr, struct kasan_object_info *obj)
{
	struct page *page, *head, *guard;
	unsigned int order;

	if (!virt_addr_valid((void *)addr))
		return false;
	page = virt_to_page((void *)addr);
	if (PageGuard(page) &&
	    (page_private(page) & ~GUARD_ORDER_MASK) == KASAN_PAGE_GUARD_MAGIC) {
		order = page_private(page) & GUARD_ORDER_MASK;
		head = page - (1UL << order);
		if (guard_after(head, order) != page)
			return false;
	} else {
		head = compound_head(page);
	}
	guard = large_guard(head);
	if (!guard)
		return false;
	large_object_info(head, guard, obj);
	return true;
}

/* A quarantine entry of a large object: its free metadata is in a guard. */
void kasan_large_object_of_free_meta(struct kasan_free_meta *meta,
				     struct kasan_object_info *obj)
{
	struct page *guard = virt_to_page(meta);
	unsigned int order = page_private(guard) & GUARD_ORDER_MASK;

	large_object_info(guard - (1UL << order), guard, obj);
}

/* Out of quarantine: the pages go back to the page allocator. */
void kasan_large_release(void *object)
{
	struct page *head = virt_to_page(object);

	__free_pages(head, compound_order(head));
}

/*
 * kfree() of a large object (the glue's free_large_kmalloc()): one with
 * a guard is freed as a slab object is, into the quarantine (true: the
 * runtime keeps the pages); true also after a bad free, reported, as the
 * object may be in the quarantine.  Without a guard only the check.
 */
bool __kasan_kfree_large_keep(void *ptr, unsigned long ip)
{
	struct page *head = virt_to_head_page(ptr);
	struct page *guard = large_guard(head);
	struct kasan_object_info obj;

	if (!guard) {
		kasan_check_free_large(ptr, ip);
		return false;
	}
	large_object_info(head, guard, &obj);
	return kasan_object_free(&obj, ptr, ip, true);
}
#else
void __init kasan_page_guards_ready(void)
{
}

static void describe_page_guard(struct page *page)
{
}

static void large_meta_forget(struct page *page, unsigned int order)
{
}

static void large_meta_alloc(const void *ptr, size_t size)
{
}

bool kasan_large_find_object(unsigned long addr, struct kasan_object_info *obj)
{
	return false;
}

/* Never called: no large object gets into the quarantine. */
void kasan_large_object_of_free_meta(struct kasan_free_meta *meta,
				     struct kasan_object_info *obj)
{
}

void kasan_large_release(void *object)
{
}
#endif

void __kasan_poison_pages(struct page *page, unsigned int order, bool init)
{
	large_meta_forget(page, order);
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
	large_meta_alloc(ptr, size);
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
