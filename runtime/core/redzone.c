// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redzone overwrite detection.  A check in instrumented code catches an
 * access to a redzone when it happens; a write by code without checks
 * (assembly, noinstr or no-sanitize functions, a device's DMA) goes
 * unseen.  So the redzone bytes of a heap object that nothing else owns
 * get a pattern when it is allocated, and are compared with it when it
 * is freed and again when it leaves the quarantine; a damaged byte is
 * reported then, with the object and its stacks, as SLUB's red zoning
 * (slub_debug=Z) does for its own redzones.  kasan_options.redzone_check
 * turns it on.
 *
 * The bytes, for a live object of requested size R
 * (struct kasan_object_info):
 *  - the slot's left redzone, before the object (hosted);
 *  - [R, object_size): what the allocator gave beyond the request (the
 *    size classes of kmalloc() and malloc()), unless the tail was made
 *    accessible (ksize()), which its shadow then says;
 *  - [redzone_start, redzone_end): the right redzone, after the
 *    allocator's own data and before the core's metadata.
 * A write that a check reported has damaged a redzone too, and it goes
 * on after the report (the kernel recovers): the object's metadata notes
 * it (kasan_redzone_note_write()), and its damage is mended without a
 * second report.  So is a write the task let through on purpose
 * (kasan_disable_current()).  A freed object may hold its free metadata
 * at its start: the check at release leaves those bytes out.  An
 * allocator that wipes a slot when it frees it (SLUB's init_on_free)
 * wipes the alloc metadata too: a requested size of 0 says there is
 * nothing to compare.
 */
#include "kasan_core.h"

struct redzone_range {
	uint8_t *start;
	size_t size;
};

static size_t requested_size(const struct kasan_object_info *obj)
{
	return obj->alloc_meta ? obj->alloc_meta->requested_size : 0;
}

/*
 * The ranges of obj's redzones, given how many of its bytes are in use
 * (requested) and how many of its first bytes something else holds
 * (skip: the free metadata of a freed object).  Returns how many.
 */
static int redzone_ranges(const struct kasan_object_info *obj,
			  size_t requested, size_t skip,
			  struct redzone_range r[3])
{
	uint8_t *object = obj->object;
	size_t tail = requested > skip ? requested : skip;
	int n = 0;

	if (!obj->redzone_end)
		return 0;
	if (obj->left_redzone)
		r[n++] = (struct redzone_range){ object - obj->left_redzone,
						 obj->left_redzone };
	/* 31 bits of size: a bigger object's (hosted) is not its own. */
	if (tail < obj->object_size && obj->object_size - tail < 1UL << 31)
		r[n++] = (struct redzone_range){ object + tail,
						 obj->object_size - tail };
	if (obj->redzone_end > obj->redzone_start)
		r[n++] = (struct redzone_range){
			object + obj->redzone_start,
			obj->redzone_end - obj->redzone_start };
	return n;
}

static void fill_ranges(const struct redzone_range *r, int n)
{
	while (n--)
		kasan_fill(r[n].start, KASAN_REDZONE_PATTERN, r[n].size);
}

void kasan_redzone_fill(const struct kasan_object_info *obj)
{
	struct redzone_range r[3];

	if (!kasan_options.redzone_check)
		return;
	fill_ranges(r, redzone_ranges(obj, requested_size(obj), 0, r));
}

/*
 * krealloc() and realloc() in place: the bytes given up become redzone;
 * those given back were pattern and are cleared, as kzalloc()'s were
 * before (a grown object's new bytes hold no data of anyone's).
 */
void kasan_redzone_resize(const struct kasan_object_info *obj,
			  size_t old_size, size_t new_size)
{
	uint8_t *object = obj->object;
	size_t size = obj->object_size;

	if (!kasan_options.redzone_check || !obj->redzone_end || !old_size)
		return;
	if (old_size > size)
		old_size = size;
	if (new_size > size)
		new_size = size;
	if (new_size < old_size)
		kasan_fill(object + new_size, KASAN_REDZONE_PATTERN,
			   old_size - new_size);
	else
		kasan_fill(object + old_size, 0, new_size - old_size);
}

/*
 * The first and last damaged byte of r, false if there is none.  Every
 * free and every release asks, so the search for the first goes a word
 * at a time (a byte loop was 2.5% of make bench-kernel).
 */
static bool damaged(const struct redzone_range *r, uint8_t **first,
		    uint8_t **last)
{
	uint8_t *p, *end = r->start + r->size;

	p = (uint8_t *)kasan_first_not(r->start, end, KASAN_REDZONE_PATTERN);
	if (!p)
		return false;
	*first = p;
	for (p = end - 1; *p == KASAN_REDZONE_PATTERN; p--)
		;
	*last = p;
	return true;
}

/*
 * Report the first damaged range, unless a check reported the write
 * already, then mend every range, so that the same damage is not
 * reported again when the object leaves the quarantine.
 */
static void check_ranges(const struct kasan_object_info *obj,
			 struct redzone_range *r, int n, unsigned long ip,
			 enum kasan_report_type type)
{
	uint8_t *first, *last;
	int i;

	for (i = 0; i < n; i++) {
		if (!damaged(&r[i], &first, &last))
			continue;
		if (!obj->alloc_meta->redzone_written)
			kasan_report_redzone((unsigned long)first,
					     last - first + 1, ip, type);
		fill_ranges(r, n);
		return;
	}
}

/*
 * A check found a write to addr bad, or let it through for a task that
 * asked so: if addr is a heap object's, whatever the write does to its
 * redzones is known.  Reads leave them alone.
 */
void kasan_redzone_note_write(unsigned long addr)
{
	struct kasan_object_info obj;

	if (kasan_options.redzone_check &&
	    kasan_plat_find_object(addr, &obj) && obj.alloc_meta)
		obj.alloc_meta->redzone_written = 1;
}

/*
 * At free, before the free claims the object: its shadow still says
 * whether ksize() gave its caller the whole object, making the tail
 * data, and whether it is alive at all (a second free is the claim's to
 * report).
 */
void kasan_redzone_check_free(const struct kasan_object_info *obj,
			      unsigned long ip)
{
	size_t requested = requested_size(obj);
	struct redzone_range r[3];
	int n;

	if (!kasan_options.redzone_check || !requested ||
	    !kasan_byte_accessible(obj->object))
		return;
	if (requested < obj->object_size &&
	    kasan_byte_accessible((char *)obj->object + requested)) {
		requested = obj->object_size;
		obj->alloc_meta->requested_size = requested;
	}
	n = redzone_ranges(obj, requested, 0, r);
	check_ranges(obj, r, n, ip, KASAN_REPORT_REDZONE_AT_FREE);
}

void kasan_redzone_check_release(const struct kasan_object_info *obj,
				 unsigned long ip)
{
	size_t requested = requested_size(obj);
	size_t skip = 0;
	struct redzone_range r[3];
	int n;

	if (!kasan_options.redzone_check || !requested)
		return;
	if (obj->free_meta == obj->object)
		skip = sizeof(struct kasan_free_meta);
	n = redzone_ranges(obj, requested, skip, r);
	check_ranges(obj, r, n, ip, KASAN_REPORT_REDZONE_AT_RELEASE);
}
