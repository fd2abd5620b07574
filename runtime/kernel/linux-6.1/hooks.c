// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Linux 6.1's entry points where their names or signatures differ from
 * 6.12's (linux-6.12/hooks.c), each on top of the kernel platform's
 * common functions; how a report tells KUnit; the shrinker's
 * registration.
 */
#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/shrinker.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "slab.h"	/* mm/slab.h: struct kmem_cache's kasan_info */
#include "kasan_kernel.h"

void __kasan_cache_create_kmalloc(struct kmem_cache *cache)
{
	cache->kasan_info.is_kmalloc = true;
}

slab_flags_t kasan_never_merge(void)
{
	return SLAB_KASAN;
}

size_t kasan_metadata_size(struct kmem_cache *cache)
{
	return kasan_slab_meta_after_object(cache);
}

void __kasan_unpoison_object_data(struct kmem_cache *cache, void *object)
{
	kasan_slab_unpoison_new(cache, object);
}

void __kasan_poison_object_data(struct kmem_cache *cache, void *object)
{
	kasan_slab_poison_new(cache, object);
}

/*
 * Returns true when SLUB must not free the object (now).  An
 * RCU-typesafe cache's objects may be read until a grace period ends.
 */
bool __kasan_slab_free(struct kmem_cache *cache, void *object,
		       unsigned long ip, bool init)
{
	return kasan_slab_free_object(cache, object, ip, true,
				      cache->flags & SLAB_TYPESAFE_BY_RCU);
}

void __kasan_slab_free_mempool(void *ptr, unsigned long ip)
{
	kasan_mempool_free(ptr, ip);
}

void __kasan_unpoison_pages(struct page *page, unsigned int order, bool init)
{
	kasan_unpoison_page_range(page, order);
}

void kasan_release_vmalloc(unsigned long start, unsigned long end,
			   unsigned long free_start, unsigned long free_end)
{
	kasan_release_vmalloc_shadow(start, end, free_start, free_end, true);
}

/*
 * Instrumented code calls these names, the compiler's own calls
 * included (no prefixed mem intrinsics in 6.1's kasan flags); the arch's
 * are weak.
 */
#undef memset
#undef memmove
#undef memcpy

void *memset(void *addr, int c, size_t len)
{
	return kasan_checked_memset(addr, c, len, _RET_IP_);
}

void *memmove(void *dest, const void *src, size_t len)
{
	return kasan_checked_memmove(dest, src, len, _RET_IP_);
}

void *memcpy(void *dest, const void *src, size_t len)
{
	return kasan_checked_memcpy(dest, src, len, _RET_IP_);
}

/*
 * 6.1's kasan_test.c learns of a report through the KUnit resource
 * "kasan_status" of the running test; a report in a test without it is a
 * failure of that test.  The resource's data is mm/kasan/kasan.h's
 * struct kunit_kasan_status, whose layout this is.
 */
struct kasan_test_status {
	bool report_found;
	bool sync_fault;
};

void kasan_kunit_note_report(void)
{
#if IS_ENABLED(CONFIG_KUNIT)
	struct kunit *test = current->kunit_test;
	struct kunit_resource *res;
	struct kasan_test_status *status;

	if (!test)
		return;
	res = kunit_find_named_resource(test, "kasan_status");
	if (!res) {
		kunit_set_failure(test);
		return;
	}
	status = res->data;
	WRITE_ONCE(status->report_found, true);
	WRITE_ONCE(status->sync_fault, true);
	kunit_put_resource(res);
#endif
}

static struct shrinker quarantine_shrinker = {
	.seeks = 0,
};

int kasan_register_shrinker(const char *name,
			    unsigned long (*count)(struct shrinker *,
						   struct shrink_control *),
			    unsigned long (*scan)(struct shrinker *,
						  struct shrink_control *))
{
	quarantine_shrinker.count_objects = count;
	quarantine_shrinker.scan_objects = scan;
	return register_shrinker(&quarantine_shrinker, "%s", name);
}
