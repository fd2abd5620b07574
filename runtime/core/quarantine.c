// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The quarantine: freed objects wait here, poisoned, before their
 * allocator may reuse them, so that a use after free still finds freed
 * shadow for a while.  First in, first out; bounded by the bytes it
 * holds (kasan_quarantine_set_limit(), 0 turns it off), counting for
 * each object what it keeps from its allocator, its share of its slab
 * (held_size): the bound is on the memory held back.  The entries are
 * linked through each object's free metadata, so it needs no memory of
 * its own; the rest of what it needs to know of an entry the platform
 * derives from its address.
 *
 * An object's redzones are checked as it leaves (redzone.c): an
 * uninstrumented write into them while it waited is reported then, in the
 * name of ip, the free or shrink that pushed it out.
 *
 * Objects leave it outside its lock: releasing one calls into the
 * allocator, which may take locks of its own and free into the
 * quarantine again.  They leave it inside a release section of the
 * platform's, so that draining a cache can wait for those of its objects
 * another CPU has taken off the list but not yet given back.
 */
#include "kasan_core.h"

static kasan_lock_t quarantine_lock = KASAN_LOCK_INITIALIZER;
static struct kasan_qnode *head, *tail;
static size_t held_bytes;
static size_t limit_bytes;

static void entry_object(struct kasan_qnode *node,
			 struct kasan_object_info *obj)
{
	size_t link = __builtin_offsetof(struct kasan_free_meta, qnode);

	kasan_plat_object_of_free_meta((struct kasan_free_meta *)
				       ((char *)node - link), obj);
}

static size_t entry_bytes(struct kasan_qnode *node)
{
	struct kasan_object_info obj;

	entry_object(node, &obj);
	return obj.held_size;
}

static void release_list(struct kasan_qnode *node, int section,
			 unsigned long ip)
{
	struct kasan_object_info obj;

	while (node) {
		struct kasan_qnode *next = node->next;

		entry_object(node, &obj);
		kasan_redzone_check_release(&obj, ip);
		kasan_plat_release_object(obj.cache, obj.object);
		node = next;
	}
	kasan_plat_release_end(section);
}

/*
 * Under the lock: unlink the oldest entries until at most limit bytes
 * remain; *bytes (if given) grows by what they held.
 */
static struct kasan_qnode *take_oldest_over(size_t limit, size_t *bytes)
{
	struct kasan_qnode *taken = head, *last = NULL;

	while (head && held_bytes > limit) {
		size_t size = entry_bytes(head);

		held_bytes -= size;
		if (bytes)
			*bytes += size;
		last = head;
		head = head->next;
	}
	if (!last)
		return NULL;
	last->next = NULL;
	if (!head)
		tail = NULL;
	return taken;
}

void kasan_quarantine_put(const struct kasan_object_info *obj,
			  unsigned long ip)
{
	struct kasan_qnode *node = &obj->free_meta->qnode;
	size_t size = obj->held_size;
	struct kasan_qnode *released;
	unsigned long flags;
	int section;

	node->next = NULL;

	section = kasan_plat_release_begin();
	flags = kasan_plat_lock(&quarantine_lock);
	if (tail)
		tail->next = node;
	else
		head = node;
	tail = node;
	held_bytes += size;
	released = take_oldest_over(__atomic_load_n(&limit_bytes,
						    __ATOMIC_RELAXED), NULL);
	kasan_plat_unlock(&quarantine_lock, flags);

	release_list(released, section, ip);
}

/* Give back the oldest entries until at most limit bytes remain. */
static void trim_to(size_t limit, unsigned long ip)
{
	struct kasan_qnode *released;
	unsigned long flags;
	int section;

	section = kasan_plat_release_begin();
	flags = kasan_plat_lock(&quarantine_lock);
	released = take_oldest_over(limit, NULL);
	kasan_plat_unlock(&quarantine_lock, flags);

	release_list(released, section, ip);
}

/*
 * Memory pressure: give back the oldest entries, at least bytes of them
 * (or all there are); returns what they held.  The limit stays: frees
 * fill the quarantine again.
 */
size_t kasan_quarantine_shrink(size_t bytes)
{
	struct kasan_qnode *released;
	size_t freed = 0;
	unsigned long flags;
	int section;

	section = kasan_plat_release_begin();
	flags = kasan_plat_lock(&quarantine_lock);
	released = take_oldest_over(held_bytes > bytes ? held_bytes - bytes : 0,
				    &freed);
	kasan_plat_unlock(&quarantine_lock, flags);

	release_list(released, section,
		     (unsigned long)__builtin_return_address(0));
	return freed;
}

void kasan_quarantine_set_limit(size_t bytes)
{
	__atomic_store_n(&limit_bytes, bytes, __ATOMIC_RELAXED);
	trim_to(bytes, (unsigned long)__builtin_return_address(0));
}

size_t kasan_quarantine_bytes(void)
{
	return __atomic_load_n(&held_bytes, __ATOMIC_RELAXED);
}

/*
 * Before a cache goes away, none of its objects may stay here, nor be on
 * their way back to it.
 */
void kasan_quarantine_drain_cache(void *cache)
{
	struct kasan_qnode **link, *node, *released = NULL;
	struct kasan_qnode **released_tail = &released;
	unsigned long flags;
	int section;

	section = kasan_plat_release_begin();
	flags = kasan_plat_lock(&quarantine_lock);
	tail = NULL;
	link = &head;
	while ((node = *link)) {
		struct kasan_object_info obj;

		entry_object(node, &obj);
		if (obj.cache == cache) {
			*link = node->next;
			held_bytes -= obj.held_size;
			node->next = NULL;
			*released_tail = node;
			released_tail = &node->next;
		} else {
			tail = node;
			link = &node->next;
		}
	}
	kasan_plat_unlock(&quarantine_lock, flags);

	release_list(released, section,
		     (unsigned long)__builtin_return_address(0));
	kasan_plat_release_wait();
}

void kasan_quarantine_drain_all(void)
{
	trim_to(0, (unsigned long)__builtin_return_address(0));
}
