// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SLUB's hooks.  A cache's slot gets the core's layout
 * (kasan_layout_slot()): after the object and SLUB's own data, the alloc
 * metadata, the free metadata unless it can live in the freed object,
 * and a right redzone; the object before it has its redzone to the left.
 * struct kasan_cache keeps the two offsets.
 *
 * kmalloc caches have their alloc stack saved by kmalloc (with the
 * requested size), other caches by the slab allocation itself.  Freed
 * objects go to the core's quarantine, whose bound is a fraction of
 * memory; memory pressure (a shrinker) and a cache's shrink or
 * destruction empty it.
 */
#include <linux/kernel.h>
#include <linux/kfence.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/shrinker.h>
#include <linux/slab.h>

#include "slab.h"	/* mm/slab.h: struct slab, ___cache_free() */
#include "kasan_kernel.h"

/* Of all memory, the part the quarantine may hold. */
#define QUARANTINE_FRACTION	32

static bool free_meta_in_object(struct kmem_cache *cache)
{
	return !cache->ctor && !(cache->flags & SLAB_TYPESAFE_BY_RCU);
}

static void cache_layout(struct kmem_cache *cache, unsigned int meta_start,
			 struct kasan_slot_layout *l)
{
	kasan_layout_slot(cache->object_size, meta_start, 0,
			  free_meta_in_object(cache), l);
}

void kasan_cache_create(struct kmem_cache *cache, unsigned int *size,
			slab_flags_t *flags)
{
	struct kasan_slot_layout l;

	/* No merging with other caches; ksize() is the object's size. */
	*flags |= SLAB_KASAN;
	cache_layout(cache, *size, &l);
	cache->kasan_info.alloc_meta_offset = l.alloc_meta_offset;
	cache->kasan_info.free_meta_offset = l.free_meta_offset;
	*size = l.slot_size;
}

/* What the core added after SLUB's own data, for SLUB's debug checks. */
size_t kasan_metadata_size(struct kmem_cache *cache)
{
	struct kasan_slot_layout l;

	cache_layout(cache, cache->kasan_info.alloc_meta_offset, &l);
	return l.meta_end - l.alloc_meta_offset;
}

void __kasan_cache_create_kmalloc(struct kmem_cache *cache)
{
	cache->kasan_info.is_kmalloc = true;
}

slab_flags_t kasan_never_merge(void)
{
	return SLAB_KASAN;
}

static void object_info(struct kmem_cache *cache, void *object,
			struct kasan_object_info *obj)
{
	obj->cache = cache;
	obj->cache_name = cache->name;
	obj->object = object;
	obj->object_size = cache->object_size;
	obj->alloc_meta = object + cache->kasan_info.alloc_meta_offset;
	obj->free_meta = object + cache->kasan_info.free_meta_offset;
}

static struct slab *addr_to_slab(const void *addr)
{
	if (!virt_addr_valid(addr))
		return NULL;
	return virt_to_slab(addr);
}

/*
 * The object an address is described by: the one whose slot holds it,
 * or, for an address in that slot's redzone nearer to the next object's
 * start than to this object's end, the next one.  An object's left
 * redzone is the slot before it: kmalloc_oob_left's ptr[-1] is "1 bytes
 * to the left of" its own object rather than far right of a neighbour.
 */
bool kasan_plat_find_object(unsigned long addr, struct kasan_object_info *obj)
{
	struct slab *slab = addr_to_slab((void *)addr);
	struct kmem_cache *cache;
	unsigned long object, end, next, slab_end;

	if (!slab)
		return false;
	cache = slab->slab_cache;
	object = (unsigned long)nearest_obj(cache, slab, (void *)addr);
	end = object + cache->object_size;
	next = object + cache->size;
	slab_end = (unsigned long)slab_address(slab) + slab_size(slab);
	if (addr >= end && next + cache->object_size <= slab_end &&
	    next - addr < addr - end)
		object = next;
	object_info(cache, (void *)object, obj);
	return true;
}

/*
 * Out of quarantine, back to SLUB, which may put its free pointer over
 * the free metadata in the object: the free stack is no longer valid.
 */
void kasan_plat_release_object(void *cache, void *object)
{
	*kasan_shadow_of(object) = KASAN_SLAB_FREE;
	___cache_free(cache, object, _THIS_IP_);
}

void __kasan_poison_slab(struct slab *slab)
{
	kasan_poison_new_slab(slab_address(slab), slab_size(slab));
}

/* Around a constructor: the object is SLUB's to write for a while. */
void __kasan_unpoison_object_data(struct kmem_cache *cache, void *object)
{
	kasan_unpoison(object, cache->object_size);
}

void __kasan_poison_object_data(struct kmem_cache *cache, void *object)
{
	kasan_poison(object, round_up(cache->object_size, KASAN_GRANULE_SIZE),
		     KASAN_SLAB_REDZONE);
}

void * __must_check __kasan_init_slab_obj(struct kmem_cache *cache,
					  const void *object)
{
	struct kasan_object_info obj;

	object_info(cache, (void *)object, &obj);
	kasan_object_init(&obj);
	return (void *)object;
}

static bool slab_free(struct kmem_cache *cache, void *ptr, unsigned long ip,
		      bool quarantine)
{
	struct kasan_object_info obj;
	void *object;

	if (is_kfence_address(ptr))
		return false;
	object = nearest_obj(cache, virt_to_slab(ptr), ptr);
	/*
	 * An RCU-typesafe cache's objects may be read after their free until
	 * a grace period ends: only a bad pointer is reported, nothing is
	 * poisoned.
	 */
	if (unlikely(cache->flags & SLAB_TYPESAFE_BY_RCU)) {
		if (ptr == object)
			return false;
		kasan_report_invalid_free(ptr, ip, KASAN_REPORT_INVALID_FREE);
		return true;
	}
	object_info(cache, object, &obj);
	return kasan_object_free(&obj, ptr, ip, quarantine);
}

/* Returns true when SLUB must not free the object (now). */
bool __kasan_slab_free(struct kmem_cache *cache, void *object,
		       unsigned long ip, bool init)
{
	return slab_free(cache, object, ip, true);
}

void __kasan_slab_free_mempool(void *ptr, unsigned long ip)
{
	struct folio *folio = virt_to_folio(ptr);

	if (folio_test_slab(folio)) {
		slab_free(folio_slab(folio)->slab_cache, ptr, ip, false);
		return;
	}
	if (kasan_check_free_large(ptr, ip))
		kasan_poison(ptr, folio_size(folio), KASAN_PAGE_FREE);
}

void * __must_check __kasan_slab_alloc(struct kmem_cache *cache, void *object,
				       gfp_t flags, bool init)
{
	struct kasan_object_info obj;

	if (unlikely(!object) || is_kfence_address(object))
		return object;
	object_info(cache, object, &obj);
	if (cache->kasan_info.is_kmalloc)
		kasan_object_resize(&obj, cache->object_size);
	else
		kasan_object_alloc(&obj, cache->object_size, _RET_IP_);
	return object;
}

void * __must_check __kasan_kmalloc(struct kmem_cache *cache,
				    const void *object, size_t size,
				    gfp_t flags)
{
	struct kasan_object_info obj;

	if (unlikely(!object) || is_kfence_address(object))
		return (void *)object;
	object_info(cache, (void *)object, &obj);
	kasan_object_alloc(&obj, size, _RET_IP_);
	return (void *)object;
}

/* In place: the object keeps its slot, gets the new size and stack. */
void * __must_check __kasan_krealloc(const void *object, size_t size,
				     gfp_t flags)
{
	struct slab *slab;

	if (unlikely(object == ZERO_SIZE_PTR))
		return (void *)object;
	slab = virt_to_slab(object);
	if (!slab)
		return __kasan_kmalloc_large(object, size, flags);
	return __kasan_kmalloc(slab->slab_cache, object, size, flags);
}

static void record_aux_stack(void *ptr, bool can_alloc)
{
	struct kasan_object_info obj;

	if (kasan_plat_find_object((unsigned long)ptr, &obj))
		kasan_record_aux_stack_of(obj.alloc_meta, can_alloc);
}

void kasan_record_aux_stack(void *ptr)
{
	record_aux_stack(ptr, true);
}

void kasan_record_aux_stack_noalloc(void *ptr)
{
	record_aux_stack(ptr, false);
}

void kasan_cache_shrink(struct kmem_cache *cache)
{
	kasan_quarantine_drain_cache(cache);
}

void kasan_cache_shutdown(struct kmem_cache *cache)
{
	kasan_quarantine_drain_cache(cache);
}

/* Under memory pressure, the quarantine is the first thing to give back. */
static unsigned long quarantine_count(struct shrinker *s,
				      struct shrink_control *sc)
{
	return kasan_quarantine_bytes() >> PAGE_SHIFT;
}

static unsigned long quarantine_scan(struct shrinker *s,
				     struct shrink_control *sc)
{
	unsigned long pages = kasan_quarantine_bytes() >> PAGE_SHIFT;

	kasan_quarantine_drain_all();
	return pages ? pages : SHRINK_STOP;
}

static struct shrinker quarantine_shrinker = {
	.count_objects = quarantine_count,
	.scan_objects = quarantine_scan,
	.seeks = 0,
};

/*
 * Until memory is known, the limit is 0: early frees skip the quarantine.
 */
static unsigned long quarantine_limit;

static int __init kasan_quarantine_init(void)
{
	quarantine_limit = totalram_pages() * PAGE_SIZE / QUARANTINE_FRACTION;
	kasan_quarantine_set_limit(quarantine_limit);
	if (register_shrinker(&quarantine_shrinker, "kasan-quarantine"))
		pr_warn("kasan: no shrinker for the quarantine\n");
	return 0;
}
core_initcall(kasan_quarantine_init);

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kasan."
module_param(quarantine_limit, ulong, 0444);
