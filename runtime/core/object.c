// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Heap objects: how a slot is laid out around an object, what happens to
 * its shadow and metadata when it is allocated, resized and freed, and
 * the checks of a free (invalid-free, double-free).  The allocator (SLUB,
 * or the hosted malloc) owns the memory; it tells the core where an
 * object and its metadata are (struct kasan_object_info).
 */
#include "kasan_core.h"

/*
 * The right redzone.  For small objects, at least a quarter of the
 * object, from 16 bytes, so that an overflow by a fair fraction of it
 * still lands in the redzone.  Large objects overflow by no more than
 * small ones do, and a quarter of them is memory wasted (a kernel's slabs
 * grow by half): 128 bytes up to 4 KiB objects, then 1/32 of the object,
 * up to 2 KiB.
 */
static size_t right_redzone_size(size_t object_size)
{
	size_t rz = 16;

	while (rz < 128 && rz * 4 < object_size)
		rz *= 2;
	while (rz < 2048 && rz * 32 < object_size)
		rz *= 2;
	return rz;
}

/*
 * The metadata goes at the slot's end, after the right redzone, so that
 * an overflow of the object runs through redzone bytes that hold nothing
 * (redzone.c checks them) before it reaches the metadata.  It must
 * survive the object, so it is never in it, except for the free metadata
 * (the quarantine link and the free stack), which may go in the object
 * once it is freed if the allocator does not need the freed object's
 * bytes (no constructor, not RCU-typesafe) and it is big enough.  The
 * allocator keeps its own data from meta_start on; the redzone starts
 * after that.
 */
void kasan_layout_slot(size_t object_size, size_t meta_start,
		       size_t left_redzone, bool free_meta_in_object,
		       struct kasan_slot_layout *l)
{
	size_t osize = kasan_round_up(object_size, KASAN_GRANULE_SIZE);
	size_t redzone = kasan_round_up(meta_start > osize ? meta_start : osize,
					sizeof(void *));
	size_t alloc_bytes = kasan_round_up(sizeof(struct kasan_alloc_meta),
					    sizeof(void *));
	size_t meta_bytes = alloc_bytes;
	size_t end, meta;

	l->object_size = osize;
	l->left_redzone = left_redzone;
	l->redzone_offset = redzone;
	/* Not osize: the object's rounding is the allocator's redzone. */
	if (!free_meta_in_object || object_size < sizeof(struct kasan_free_meta))
		meta_bytes += sizeof(struct kasan_free_meta);
	end = osize + right_redzone_size(object_size);
	if (end < redzone + meta_bytes)
		end = redzone + meta_bytes;
	/* The allocator aligns slots as its objects need. */
	l->slot_size = kasan_round_up(left_redzone + end, KASAN_GRANULE_SIZE);
	meta = kasan_round_down(l->slot_size - left_redzone - meta_bytes,
				sizeof(void *));
	l->alloc_meta_offset = meta;
	l->free_meta_offset = meta_bytes > alloc_bytes ? meta + alloc_bytes : 0;
	l->meta_end = meta + meta_bytes;
}

/* A new slab: every byte is redzone until an object is allocated in it. */
void kasan_poison_new_slab(void *start, size_t size)
{
	kasan_poison(start, size, KASAN_SLAB_REDZONE);
}

/*
 * A free claims its object: the first shadow byte goes from alive (0, or
 * a partial count) to freed in one atomic step, so that of two frees of
 * one object racing on two CPUs, exactly one goes on and the other is a
 * double-free.
 */
static bool claim_for_free(const void *object)
{
	uint8_t *s = kasan_shadow_of(object);
	uint8_t old = __atomic_load_n(s, __ATOMIC_RELAXED);

	do {
		if (old == KASAN_SLAB_FREE || old == KASAN_SLAB_FREETRACK)
			return false;
	} while (!__atomic_compare_exchange_n(s, &old, KASAN_SLAB_FREE, false,
					      __ATOMIC_ACQ_REL,
					      __ATOMIC_RELAXED));
	return true;
}

/*
 * size bytes of the object become accessible, the rest of it up to the
 * cache's size is redzone: an access past the requested size is caught
 * even when the allocator rounded the size up.
 */
static void unpoison_requested(const struct kasan_object_info *obj,
			       size_t size)
{
	size_t used = kasan_round_up(size, KASAN_GRANULE_SIZE);
	size_t osize = kasan_round_up(obj->object_size, KASAN_GRANULE_SIZE);

	kasan_unpoison(obj->object, size);
	if (osize > used)
		kasan_poison((char *)obj->object + used, osize - used,
			     KASAN_SLAB_REDZONE);
}

static void set_track(struct kasan_track *track)
{
	track->pid = kasan_plat_task_pid();
	track->stack = kasan_options.stacktrace ? kasan_plat_save_stack(true) : 0;
}

static void reset_meta(struct kasan_alloc_meta *meta, size_t size)
{
	meta->alloc_track.pid = 0;
	meta->alloc_track.stack = 0;
	meta->aux_stack[0] = 0;
	meta->aux_stack[1] = 0;
	meta->requested_size = size;
	meta->redzone_written = 0;
}

/*
 * An object the allocator just made, never allocated: no stacks, so that
 * a report about it shows none rather than whatever the memory held.
 */
void kasan_object_init(const struct kasan_object_info *obj)
{
	if (obj->alloc_meta)
		reset_meta(obj->alloc_meta, obj->object_size);
}

void kasan_object_alloc(const struct kasan_object_info *obj, size_t size,
			unsigned long ip)
{
	struct kasan_alloc_meta *meta = obj->alloc_meta;

	unpoison_requested(obj, size);
	if (!meta)
		return;
	reset_meta(meta, size);
	set_track(&meta->alloc_track);
	kasan_redzone_fill(obj);
}

/*
 * An object its allocator hands out whole, before the caller's own hook
 * says how much of it was asked for (kasan_object_alloc()).
 */
void kasan_object_unpoison_whole(const struct kasan_object_info *obj)
{
	unpoison_requested(obj, obj->object_size);
	if (obj->alloc_meta)
		obj->alloc_meta->requested_size = obj->object_size;
}

/*
 * krealloc() in place: a new allocation of the same object, which keeps
 * its bytes up to the smaller size.
 */
void kasan_object_realloc(const struct kasan_object_info *obj, size_t size,
			  unsigned long ip)
{
	if (obj->alloc_meta)
		kasan_redzone_resize(obj, obj->alloc_meta->requested_size,
				     size);
	kasan_object_alloc(obj, size, ip);
}

/* realloc() in place: the object keeps its tracks. */
void kasan_object_resize(const struct kasan_object_info *obj, size_t size)
{
	unpoison_requested(obj, size);
	if (!obj->alloc_meta)
		return;
	kasan_redzone_resize(obj, obj->alloc_meta->requested_size, size);
	obj->alloc_meta->requested_size = size;
}

/*
 * No allocation asks for 0 bytes: 0 is metadata that was never written,
 * or was wiped (SLUB's init_on_free clears the slot after the object).
 */
size_t kasan_object_requested_size(const struct kasan_object_info *obj)
{
	if (obj->alloc_meta && obj->alloc_meta->requested_size)
		return obj->alloc_meta->requested_size;
	return obj->object_size;
}

/*
 * call_rcu() and queue_work() record who queued the object's callback;
 * some of them run where the stack depot must not allocate (!can_alloc).
 */
void kasan_record_aux_stack_of(struct kasan_alloc_meta *meta, bool can_alloc)
{
	if (!meta || !kasan_options.stacktrace)
		return;
	meta->aux_stack[1] = meta->aux_stack[0];
	meta->aux_stack[0] = kasan_plat_save_stack(can_alloc);
}

bool kasan_bad_free(void *ptr, const void *start, unsigned long ip)
{
	if (ptr != start) {
		kasan_report_invalid_free(ptr, ip, KASAN_REPORT_INVALID_FREE);
		return true;
	}
	if (!kasan_byte_accessible(ptr)) {
		kasan_report_invalid_free(ptr, ip, KASAN_REPORT_DOUBLE_FREE);
		return true;
	}
	return false;
}

/*
 * ptr is being freed; obj describes the object ptr falls in.  Reports a
 * pointer that is not the start of an object (invalid-free) or an object
 * already freed (double-free), and then tells the caller to leave the
 * memory alone.  Otherwise the object is poisoned, its free stack kept,
 * and it is held in the quarantine if asked and possible, so that a use
 * after free finds it still poisoned for a while.
 *
 * Returns true if the allocator must not reuse the object now.
 */
bool kasan_object_free(const struct kasan_object_info *obj, void *ptr,
		       unsigned long ip, bool quarantine)
{
	struct kasan_free_meta *meta = obj->free_meta;
	size_t osize = kasan_round_up(obj->object_size, KASAN_GRANULE_SIZE);

	if (ptr != obj->object) {
		kasan_report_invalid_free(ptr, ip, KASAN_REPORT_INVALID_FREE);
		return true;
	}
	kasan_redzone_check_free(obj, ip);
	if (!claim_for_free(ptr)) {
		kasan_report_invalid_free(ptr, ip, KASAN_REPORT_DOUBLE_FREE);
		return true;
	}

	/* The first granule's shadow is the claim's. */
	if (osize > KASAN_GRANULE_SIZE)
		kasan_poison((char *)ptr + KASAN_GRANULE_SIZE,
			     osize - KASAN_GRANULE_SIZE, KASAN_SLAB_FREE);
	if (!meta)
		return false;
	set_track(&meta->free_track);
	*kasan_shadow_of(ptr) = KASAN_SLAB_FREETRACK;
	if (!quarantine)
		return false;
	kasan_quarantine_put(obj, ip);
	return true;
}
