// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SLUB's hooks.  A cache's slot gets the core's layout
 * (kasan_layout_slot()): after the object and SLUB's own data, a right
 * redzone, then the alloc metadata and the free metadata unless it can
 * live in the freed object; the object before it has its redzone to the
 * left.  struct kasan_cache keeps where the redzone starts and the two
 * metadata offsets.  The redzone's bytes get the core's pattern
 * (redzone.c) unless SLUB's debugging checks redzones of its own there.
 *
 * kmalloc caches have their alloc stack saved by kmalloc (with the
 * requested size), other caches by the slab allocation itself.  Freed
 * objects go to the core's quarantine, whose bound is a fraction of
 * memory; memory pressure (a shrinker, with counters) gives its oldest
 * objects back, a cache's shrink or destruction empties it of the
 * cache's.
 *
 * The hooks whose names or signatures differ between kernel versions
 * (the free, mempool, new-object and metadata-size hooks) are in
 * linux-X.Y/hooks.c, on top of the functions here.
 */
#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/kfence.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/shrinker.h>
#include <linux/slab.h>
#include <linux/srcu.h>

#include "slab.h"	/* mm/slab.h: struct slab, ___cache_free() */
#include "kasan_kernel.h"

/*
 * What the quarantine may hold: mainline's bound for its shared queue
 * (mm/kasan/quarantine.c, kasan_quarantine_reduce()), 1/32 of memory less
 * 1 MiB for each CPU's own queue.  Mainline's shared queue swings
 * between that bound and a batch (at least 1 MiB) below it, its CPU queues
 * between empty and full, and it counts each object's slot.  Ours has no
 * per-CPU queues and counts each object's share of its slab
 * (slab_share()), the memory it really keeps back, so with the same bound
 * it keeps at most the memory mainline's keeps on average.  For objects
 * whose slabs waste a tail that means fewer objects than mainline keeps:
 * 7% fewer names_cache ones (4,681 bytes each against 4,352).  On a machine
 * too small for that, half of the 1/32 (mainline's per-CPU queues then
 * still hold up to 1 MiB each).
 */
#define QUARANTINE_FRACTION	32
#define QUARANTINE_PER_CPU	(1UL << 20)

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
	*flags |= KASAN_VERSION_CACHE_FLAGS;
	cache_layout(cache, *size, &l);
	cache->kasan_info.redzone_offset = l.redzone_offset;
	cache->kasan_info.alloc_meta_offset = l.alloc_meta_offset;
	cache->kasan_info.free_meta_offset = l.free_meta_offset;
	*size = l.slot_size;
}

/*
 * What the core added after SLUB's own data, redzone and metadata, for
 * SLUB's debug checks (which take the bytes after it for padding).
 */
size_t kasan_slab_meta_after_object(struct kmem_cache *cache)
{
	struct kasan_slot_layout l;

	cache_layout(cache, cache->kasan_info.redzone_offset, &l);
	return l.slot_size - l.redzone_offset;
}

/* The free metadata a freed object holds at its start, if it does. */
size_t kasan_slab_meta_in_object(struct kmem_cache *cache)
{
	return cache->kasan_info.free_meta_offset ?
	       0 : sizeof(struct kasan_free_meta);
}

static void object_info(struct kmem_cache *cache, void *object,
			struct kasan_object_info *obj)
{
	obj->cache = cache;
	obj->cache_name = cache->name;
	obj->object = object;
	obj->object_size = cache->object_size;
	obj->held_size = 0;
	obj->left_redzone = 0;
	if (cache->flags & (SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER)) {
		obj->redzone_start = 0;
		obj->redzone_end = 0;
	} else {
		obj->redzone_start = cache->kasan_info.redzone_offset;
		obj->redzone_end = cache->kasan_info.alloc_meta_offset;
	}
	obj->alloc_meta = object + cache->kasan_info.alloc_meta_offset;
	obj->free_meta = object + cache->kasan_info.free_meta_offset;
}

static struct slab *addr_to_slab(const void *addr)
{
	if (!virt_addr_valid(addr))
		return NULL;
	return virt_to_slab(addr);
}

const char *kasan_plat_freed_bug_type(unsigned long addr)
{
	if (slab_is_available() && addr_to_slab((void *)addr))
		return KASAN_VERSION_SLAB_UAF;
	return "use-after-free";
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
	struct slab *slab;
	struct kmem_cache *cache;
	unsigned long object, end, next, slab_end;

	/*
	 * Before the slab allocator is up there is no object, and the memory
	 * map may not be set up either: a check that finds a write bad in
	 * early boot (redzone.c asks, whether or not the report is made, ARM
	 * did) must not read it.
	 */
	if (unlikely(!slab_is_available()))
		return false;
	slab = addr_to_slab((void *)addr);
	if (!slab)
		return kasan_large_find_object(addr, obj);
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
 * What an object of slab keeps from SLUB while it waits in the
 * quarantine: its share of the slab's pages.  cache->size, the slot,
 * which mainline's quarantine counts, leaves out the slab's unused tail:
 * names_cache's order-3 slabs hold 7 of its 4,224-byte slots and 3,200
 * bytes of nothing, 4,681 bytes an object.
 */
static size_t slab_share(const struct slab *slab)
{
	return slab_size(slab) / slab->objects;
}

/*
 * The free metadata is in the object's slot, so in the object's slab; a
 * large kmalloc()'s is in its guard page (page.c).
 */
void kasan_plat_object_of_free_meta(struct kasan_free_meta *meta,
				    struct kasan_object_info *obj)
{
	struct slab *slab = virt_to_slab(meta);
	struct kmem_cache *cache;

	if (!slab) {
		kasan_large_object_of_free_meta(meta, obj);
		return;
	}
	cache = slab->slab_cache;
	object_info(cache, (void *)meta - cache->kasan_info.free_meta_offset,
		    obj);
	obj->held_size = slab_share(slab);
}

/*
 * The quarantine's release sections, for kmem_cache_destroy() and
 * kmem_cache_shrink() to wait for objects on their way back to SLUB:
 * SRCU, whose readers may be in any context and whose writer sleeps.
 */
DEFINE_STATIC_SRCU(kasan_release_srcu);

int kasan_plat_release_begin(void)
{
	return srcu_read_lock(&kasan_release_srcu);
}

void kasan_plat_release_end(int section)
{
	srcu_read_unlock(&kasan_release_srcu, section);
}

void kasan_plat_release_wait(void)
{
	synchronize_srcu(&kasan_release_srcu);
}

/*
 * Out of quarantine, back to SLUB, which may put its free pointer over
 * the free metadata in the object: the free stack is no longer valid.
 */
void kasan_plat_release_object(void *cache, void *object)
{
	if (!cache) {
		kasan_large_release(object);
		return;
	}
	*kasan_shadow_of(object) = KASAN_SLAB_FREE;
	___cache_free(cache, object, _THIS_IP_);
}

void __kasan_poison_slab(struct slab *slab)
{
	kasan_poison_new_slab(slab_address(slab), slab_size(slab));
}

/* Around a constructor: the object is SLUB's to write for a while. */
void kasan_slab_unpoison_new(struct kmem_cache *cache, void *object)
{
	kasan_unpoison(object, cache->object_size);
}

void kasan_slab_poison_new(struct kmem_cache *cache, void *object)
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

/*
 * Is freeing ptr a bug, a pointer into an object or a second free?  Then
 * it is reported, and true.
 */
bool kasan_slab_free_is_bad(struct kmem_cache *cache, void *ptr,
			    unsigned long ip)
{
	if (is_kfence_address(ptr))
		return false;
	return kasan_bad_free(ptr, nearest_obj(cache, virt_to_slab(ptr), ptr), ip);
}

/*
 * Free ptr: poisoned, its free stack saved and, with quarantine, held
 * back.  Returns true when SLUB must not free it (now): it is in the
 * quarantine, or the free was a bug (reported).  An object that is still
 * accessible, one of an RCU-typesafe cache before its grace period ends,
 * may still be read: only a bad pointer is reported, nothing is poisoned.
 */
bool kasan_slab_free_object(struct kmem_cache *cache, void *ptr,
			    unsigned long ip, bool quarantine,
			    bool still_accessible)
{
	struct kasan_object_info obj;
	struct slab *slab;
	void *object;

	if (is_kfence_address(ptr))
		return false;
	slab = virt_to_slab(ptr);
	object = nearest_obj(cache, slab, ptr);
	if (unlikely(still_accessible)) {
		if (ptr == object)
			return false;
		kasan_report_invalid_free(ptr, ip, KASAN_REPORT_INVALID_FREE);
		return true;
	}
	object_info(cache, object, &obj);
	obj.held_size = slab_share(slab);
	return kasan_object_free(&obj, ptr, ip, quarantine);
}

/*
 * A mempool keeps ptr, a slab object or a large kmalloc(), for reuse:
 * poisoned as freed, but out of the quarantine.  Returns false if the
 * free was a bug (reported).
 */
bool kasan_mempool_free(void *ptr, unsigned long ip)
{
	struct folio *folio = virt_to_folio(ptr);

	if (folio_test_slab(folio))
		return !kasan_slab_free_object(folio_slab(folio)->slab_cache,
					       ptr, ip, false, false);
	return kasan_mempool_free_pages(ptr, folio_size(folio), ip);
}

/* The mempool gives ptr out again: allocated, of size bytes. */
void kasan_mempool_reuse(void *ptr, size_t size, unsigned long ip)
{
	struct slab *slab = virt_to_slab(ptr);
	struct kmem_cache *cache;
	struct kasan_object_info obj;

	if (!slab) {
		kasan_large_kmalloc_resize(ptr, size);
		return;
	}
	if (is_kfence_address(ptr))
		return;
	cache = slab->slab_cache;
	object_info(cache, ptr, &obj);
	kasan_object_alloc(&obj, kasan_cache_is_kmalloc(cache) ?
			   size : cache->object_size, ip);
}

void * __must_check __kasan_slab_alloc(struct kmem_cache *cache, void *object,
				       gfp_t flags, bool init)
{
	struct kasan_object_info obj;

	if (unlikely(!object) || is_kfence_address(object))
		return object;
	object_info(cache, object, &obj);
	if (kasan_cache_is_kmalloc(cache))
		kasan_object_unpoison_whole(&obj);
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

/*
 * In place: the object keeps its slot and its bytes up to the smaller
 * size, and gets the new size and stack.
 */
void * __must_check __kasan_krealloc(const void *object, size_t size,
				     gfp_t flags)
{
	struct kasan_object_info obj;
	struct slab *slab;

	if (unlikely(object == ZERO_SIZE_PTR))
		return (void *)object;
	slab = virt_to_slab(object);
	if (!slab)
		return __kasan_kmalloc_large(object, size, flags);
	if (is_kfence_address(object))
		return (void *)object;
	object_info(slab->slab_cache, (void *)object, &obj);
	kasan_object_realloc(&obj, size, _RET_IP_);
	return (void *)object;
}

static void record_aux_stack(void *ptr, bool can_alloc)
{
	struct kasan_object_info obj;

	/* KFENCE's objects are in slab pages, but have no slot of ours. */
	if (is_kfence_address(ptr))
		return;
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

/*
 * Under memory pressure, the quarantine is the first thing to give back:
 * the shrinker releases the oldest objects, as many pages' worth as
 * reclaim asks for.  Its counters (/sys/module/kasan/parameters/
 * quarantine_shrinks and quarantine_shrunk_bytes) show that it ran.
 */
static atomic_long_t quarantine_shrinks = ATOMIC_LONG_INIT(0);
static atomic_long_t quarantine_shrunk_bytes = ATOMIC_LONG_INIT(0);

static unsigned long quarantine_count(struct shrinker *s,
				      struct shrink_control *sc)
{
	return kasan_quarantine_bytes() >> PAGE_SHIFT;
}

static unsigned long quarantine_scan(struct shrinker *s,
				     struct shrink_control *sc)
{
	size_t freed = kasan_quarantine_shrink(sc->nr_to_scan << PAGE_SHIFT);

	if (!freed)
		return SHRINK_STOP;
	atomic_long_inc(&quarantine_shrinks);
	atomic_long_add(freed, &quarantine_shrunk_bytes);
	return DIV_ROUND_UP(freed, PAGE_SIZE);
}

/*
 * Until memory is known, the limit is 0: early frees skip the quarantine.
 * kasan.quarantine=off keeps it 0 (what the quarantine costs, in the
 * kernel benchmark; use-after-free is then found only until the object
 * is reused).
 */
static unsigned long quarantine_limit;
static bool quarantine_on = true;

static int __init early_kasan_quarantine(char *arg)
{
	return kstrtobool(arg, &quarantine_on);
}
early_param("kasan.quarantine", early_kasan_quarantine);

static int __init kasan_quarantine_init(void)
{
	/* Pages divided first: 4 GiB in bytes overflows a 32-bit long. */
	unsigned long fraction = totalram_pages() / QUARANTINE_FRACTION *
				 PAGE_SIZE;
	unsigned long per_cpu = QUARANTINE_PER_CPU * num_online_cpus();

	if (quarantine_on)
		quarantine_limit = fraction > 2 * per_cpu ?
				   fraction - per_cpu : fraction / 2;
	kasan_quarantine_set_limit(quarantine_limit);
	if (kasan_register_shrinker("kasan-quarantine", quarantine_count,
				    quarantine_scan))
		pr_warn("kasan: no shrinker for the quarantine\n");
	return 0;
}
core_initcall(kasan_quarantine_init);

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kasan."
module_param(quarantine_limit, ulong, 0444);
module_param_cb(quarantine_shrinks, &kasan_counter_ops, &quarantine_shrinks,
		0444);
module_param_cb(quarantine_shrunk_bytes, &kasan_counter_ops,
		&quarantine_shrunk_bytes, 0444);
