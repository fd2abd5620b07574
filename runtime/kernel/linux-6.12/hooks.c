// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Linux 6.12's entry points where their names or signatures differ from
 * 6.1's (linux-6.1/hooks.c), each on top of the kernel platform's common
 * functions; how a report tells KUnit; the shrinker's registration.
 *
 * 6.12 splits a slab free in two: __kasan_slab_pre_free() checks (for an
 * RCU-typesafe cache under SLUB_RCU_DEBUG twice, before and after the
 * grace period), __kasan_slab_free() poisons and quarantines, unless the
 * object is still accessible (before the grace period).  Mempools keep
 * objects and pages poisoned through their own four hooks.  The compiler
 * calls __asan_memcpy() and friends (string.c): x86's memcpy() is the
 * arch's own, unchecked, for uninstrumented code.
 */
#include <kunit/test.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/shrinker.h>
#include <linux/slab.h>
#include <asm/tlbflush.h>

#include "slab.h"	/* mm/slab.h */
#include "kasan_kernel.h"

size_t kasan_metadata_size(struct kmem_cache *cache, bool in_object)
{
	return in_object ? kasan_slab_meta_in_object(cache) :
			   kasan_slab_meta_after_object(cache);
}

void __kasan_unpoison_new_object(struct kmem_cache *cache, void *object)
{
	kasan_slab_unpoison_new(cache, object);
}

void __kasan_poison_new_object(struct kmem_cache *cache, void *object)
{
	kasan_slab_poison_new(cache, object);
}

/* True: the free is a bug (reported), SLUB must not free the object. */
bool __kasan_slab_pre_free(struct kmem_cache *cache, void *object,
			   unsigned long ip)
{
	return kasan_slab_free_is_bad(cache, object, ip);
}

/* True: KASan holds the object now (quarantine), or the free was bad. */
bool __kasan_slab_free(struct kmem_cache *cache, void *object, bool init,
		       bool still_accessible)
{
	return kasan_slab_free_object(cache, object, _RET_IP_, true,
				      still_accessible);
}

bool __kasan_mempool_poison_object(void *ptr, unsigned long ip)
{
	return kasan_mempool_free(ptr, ip);
}

void __kasan_mempool_unpoison_object(void *ptr, size_t size, unsigned long ip)
{
	kasan_mempool_reuse(ptr, size, ip);
}

bool __kasan_mempool_poison_pages(struct page *page, unsigned int order,
				  unsigned long ip)
{
	if (unlikely(PageHighMem(page)))
		return true;
	return kasan_mempool_free_pages(page_address(page), PAGE_SIZE << order,
					ip);
}

void __kasan_mempool_unpoison_pages(struct page *page, unsigned int order,
				    unsigned long ip)
{
	kasan_unpoison_page_range(page, order);
}

bool __kasan_unpoison_pages(struct page *page, unsigned int order, bool init)
{
	return kasan_unpoison_page_range(page, order);
}

/*
 * vmalloc's purge unmaps the shadow of each freed area (PAGE_RANGE), then
 * flushes the TLB once for the whole purged range (TLB_FLUSH); its other
 * callers ask for both, which flushes what was unmapped.
 */
void kasan_release_vmalloc(unsigned long start, unsigned long end,
			   unsigned long free_start, unsigned long free_end,
			   unsigned long flags)
{
	bool flush = flags & KASAN_VMALLOC_TLB_FLUSH;

	if (flags & KASAN_VMALLOC_PAGE_RANGE)
		kasan_release_vmalloc_shadow(start, end, free_start, free_end,
					     flush);
	else if (flush)
		kasan_flush_vmalloc_shadow(start, end);
}

void __kasan_vrealloc(const void *start, unsigned long old_size,
		      unsigned long new_size)
{
	kasan_vmalloc_resize(start, old_size, new_size);
}

/*
 * A CPU's part of the cpu entry area, as it is set up: its shadow was
 * the read-only zero page until now.
 */
void __init kasan_populate_shadow_for_vaddr(void *va, size_t size, int nid)
{
	kasan_populate_shadow((unsigned long)kasan_shadow_of(va),
			      (unsigned long)kasan_shadow_of(va + size), nid);
	__flush_tlb_all();
}

/*
 * 6.12's kasan_test_c.c learns of a report from the console (the printk
 * tracepoint); while it runs, a report is expected.  Outside it, a report
 * in a KUnit test fails that test.
 */
static bool kasan_kunit_suite_running;

void kasan_kunit_test_suite_start(void)
{
	WRITE_ONCE(kasan_kunit_suite_running, true);
}
EXPORT_SYMBOL_GPL(kasan_kunit_test_suite_start);

void kasan_kunit_test_suite_end(void)
{
	WRITE_ONCE(kasan_kunit_suite_running, false);
}
EXPORT_SYMBOL_GPL(kasan_kunit_test_suite_end);

void kasan_kunit_note_report(void)
{
#if IS_ENABLED(CONFIG_KUNIT)
	if (!READ_ONCE(kasan_kunit_suite_running) && current->kunit_test)
		kunit_set_failure(current->kunit_test);
#endif
}

int kasan_register_shrinker(const char *name,
			    unsigned long (*count)(struct shrinker *,
						   struct shrink_control *),
			    unsigned long (*scan)(struct shrinker *,
						  struct shrink_control *))
{
	struct shrinker *shrinker = shrinker_alloc(0, "%s", name);

	if (!shrinker)
		return -ENOMEM;
	shrinker->count_objects = count;
	shrinker->scan_objects = scan;
	shrinker->seeks = 0;
	shrinker_register(shrinker);
	return 0;
}
