// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The hosted heap: malloc() and friends with redzones, in place of
 * glibc's.  The executable's definitions interpose glibc's for the
 * program, glibc itself (fopen, strdup, ...) and every library.
 *
 * Memory comes from one large reservation, the arena, in chunks of 64 KiB.
 * A map from chunk to the first chunk of its span makes any address's
 * slab and object an O(1) lookup, which reports need for wild addresses.
 *
 * Small requests (up to 64 KiB) go to size classes, caches named as the
 * kernel's kmalloc caches: malloc-16, malloc-32, malloc-48, ... malloc-64k.
 * Each cache carves 1 MiB slabs into slots the core lays out:
 *
 *   [left redzone, 16 bytes][object][alloc meta, free meta, right redzone]
 *
 * so that an access just before an object lands in that object's slot.
 * Objects are 16-byte aligned; a larger alignment (memalign) up to 4 KiB
 * gets a cache of its own whose slots are multiples of it.
 *
 * Large requests get a span of their own: a header page (which keeps the
 * object's metadata, so that the pages can go back to the kernel once
 * freed), the object page-aligned, redzone up to the span's end.
 *
 * free() hands the object to the core, which reports bad frees and puts
 * good ones in the quarantine; when an object leaves it the core calls
 * kasan_plat_release_object(), which makes the slot reusable.  Freed
 * slots are linked through their left redzone: the object and the
 * redzone after it keep the free stack for later reports.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hosted.h"

#define CHUNK_SHIFT		16
#define CHUNK_SIZE		(1UL << CHUNK_SHIFT)
#define SLAB_SIZE		(1UL << 20)
#define SLAB_CHUNKS		(SLAB_SIZE / CHUNK_SIZE)
#define LEFT_REDZONE		16UL
#define MIN_ALIGN		16UL
#define MAX_SMALL_SIZE		65536UL
#define MAX_SMALL_ALIGN		4096UL
#define NALIGNS			9	/* 16, 32, ... 4096 */
#define NCLASSES		24
#define LARGE_RIGHT_REDZONE	4096UL
#define LARGE_BINS		64	/* free spans of 1..64 chunks */
/* Sizes past this are refused at once: no size arithmetic overflows. */
#define MAX_ALLOC		(1UL << 44)
#define SLAB_MAGIC		0x6b61736eU	/* "kasn" */

struct kmem_cache;

/* At the start of every slab and large span. */
struct slab {
	uint32_t magic;
	uint32_t nchunks;
	struct kmem_cache *cache;
	/* Large spans only: */
	struct slab *next_free;
	uint64_t state;			/* of its object, see object_state() */
	void *object;
	size_t size;			/* requested */
	struct kasan_alloc_meta alloc_meta;
	struct kasan_free_meta free_meta;
};

#define SLAB_HEADER_SIZE	kasan_round_up(sizeof(struct slab), 16)

struct kmem_cache {
	kasan_lock_t lock;
	bool ready;
	char name[32];
	size_t size;			/* of its objects */
	size_t align;
	struct kasan_slot_layout layout;
	size_t stride;			/* from one slot to the next */
	size_t first;			/* offset of object 0 in a slab */
	size_t nslots;
	void *free_list;
	char *cur;			/* the slab being carved */
	size_t cur_next;		/* its first never used slot */
};

static const uint32_t class_sizes[NCLASSES] = {
	16, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048,
	3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152, 65536,
};

static struct kmem_cache caches[NALIGNS][NCLASSES];
static struct kmem_cache large_cache = {
	.ready = true,
	.name = "malloc-large",
};
static struct slab *large_bins[LARGE_BINS + 1];	/* [0]: bigger spans */

static kasan_lock_t arena_lock = KASAN_LOCK_INITIALIZER;
static char *arena_start;
static size_t arena_size, arena_used;
static uint32_t *chunk_map;	/* 1 + first chunk of the span, 0: free */

/* --- the arena --- */

static bool arena_init(void)
{
	static const unsigned int shifts[] = { 40, 38, 36, 34, 32 };
	unsigned int i;

	for (i = 0; i < sizeof(shifts) / sizeof(shifts[0]); i++) {
		size_t size = 1UL << shifts[i];
		size_t nchunks = size >> CHUNK_SHIFT;
		unsigned long start;
		void *p, *map;

		/* Lazily committed: only touched pages cost memory. */
		p = mmap(NULL, size + SLAB_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == MAP_FAILED)
			continue;
		map = mmap(NULL, nchunks * sizeof(uint32_t),
			   PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (map == MAP_FAILED) {
			munmap(p, size + SLAB_SIZE);
			continue;
		}
		start = kasan_round_up((unsigned long)p, SLAB_SIZE);
		chunk_map = map;
		arena_size = size;
		__atomic_store_n(&arena_start, (char *)start, __ATOMIC_RELEASE);
		return true;
	}
	return false;
}

/*
 * A new span of n chunks, zero-filled, for cache.  Its header is written
 * before the span is published: reports look up any address.
 */
static struct slab *arena_carve(size_t nchunks, struct kmem_cache *cache)
{
	unsigned long flags;
	struct slab *slab = NULL;
	size_t first, i;

	flags = kasan_plat_lock(&arena_lock);
	if (!arena_start && !arena_init())
		goto out;
	if (nchunks > (arena_size - arena_used) >> CHUNK_SHIFT)
		goto out;
	first = arena_used >> CHUNK_SHIFT;
	slab = (struct slab *)(arena_start + arena_used);
	slab->magic = SLAB_MAGIC;
	slab->nchunks = nchunks;
	slab->cache = cache;
	for (i = 0; i < nchunks; i++)
		chunk_map[first + i] = first + 1;
	__atomic_store_n(&arena_used, arena_used + (nchunks << CHUNK_SHIFT),
			 __ATOMIC_RELEASE);
out:
	kasan_plat_unlock(&arena_lock, flags);
	return slab;
}

/* The slab or span that addr is in, if any. */
static struct slab *addr_to_slab(unsigned long addr)
{
	char *start = __atomic_load_n(&arena_start, __ATOMIC_ACQUIRE);
	size_t used = __atomic_load_n(&arena_used, __ATOMIC_ACQUIRE);
	uint32_t head;

	if (!start || addr < (unsigned long)start ||
	    addr >= (unsigned long)start + used)
		return NULL;
	head = chunk_map[(addr - (unsigned long)start) >> CHUNK_SHIFT];
	if (!head)
		return NULL;
	return (struct slab *)(start + ((size_t)(head - 1) << CHUNK_SHIFT));
}

/* --- size classes --- */

static unsigned int size_class(size_t size)
{
	unsigned int p, pow_index;

	if (size <= 64)
		return size ? (size + 15) / 16 - 1 : 0;
	p = 64 - __builtin_clzl(size - 1);	/* 1 << p >= size */
	pow_index = 3 + 2 * (p - 6);
	return size <= 3UL << (p - 2) ? pow_index - 1 : pow_index;
}

static unsigned int align_index(size_t align)
{
	return 63 - __builtin_clzl(align) - 4;
}

static void name_cache(struct kmem_cache *c)
{
	const char *unit = "";
	size_t n = c->size;

	if (!(n % 1024)) {
		n /= 1024;
		unit = "k";
	}
	if (c->align > MIN_ALIGN)
		kasan_snprintf(c->name, sizeof(c->name),
			       "malloc-%zu%s-align%zu", n, unit, c->align);
	else
		kasan_snprintf(c->name, sizeof(c->name), "malloc-%zu%s", n,
			       unit);
}

static void cache_init(struct kmem_cache *c, size_t size, size_t align)
{
	c->size = size;
	c->align = align;
	/*
	 * The free meta goes after the alloc meta, not into the freed
	 * object: a use-after-free write, reported and then done, must not
	 * break the quarantine's links.
	 */
	kasan_layout_slot(size, 0, LEFT_REDZONE, false, &c->layout);
	c->stride = kasan_round_up(c->layout.slot_size, align);
	c->first = kasan_round_up(SLAB_HEADER_SIZE + LEFT_REDZONE, align);
	c->nslots = (SLAB_SIZE - (c->first - LEFT_REDZONE)) / c->stride;
	name_cache(c);
	__atomic_store_n(&c->ready, true, __ATOMIC_RELEASE);
}

static struct kmem_cache *get_cache(size_t size, size_t align)
{
	unsigned int ci = size_class(size);
	struct kmem_cache *c = &caches[align_index(align)][ci];
	unsigned long flags;

	if (kasan_unlikely(!__atomic_load_n(&c->ready, __ATOMIC_ACQUIRE))) {
		flags = kasan_plat_lock(&c->lock);
		if (!c->ready)
			cache_init(c, class_sizes[ci], align);
		kasan_plat_unlock(&c->lock, flags);
	}
	return c;
}

/*
 * The slot's left redzone holds two words: the free list link, and the
 * state of the object (0 for a slot never handed out, OBJECT_LIVE,
 * OBJECT_FREED), which free() changes atomically: of two racing frees of
 * one object only one gets to free it.
 */
#define OBJECT_LIVE	0x4556494cULL	/* "LIVE" */
#define OBJECT_FREED	0x45455246ULL	/* "FREE" */

static void **free_link(void *object)
{
	return (void **)((char *)object - LEFT_REDZONE);
}

static uint64_t *object_state(const struct kasan_object_info *info)
{
	if (info->cache == &large_cache)
		return &addr_to_slab((unsigned long)info->object)->state;
	return (uint64_t *)((char *)info->object - sizeof(uint64_t));
}

static void *cache_alloc(struct kmem_cache *c)
{
	unsigned long flags;
	void *object = NULL;

	flags = kasan_plat_lock(&c->lock);
	if (c->free_list) {
		object = c->free_list;
		c->free_list = *free_link(object);
	} else {
		if (!c->cur || c->cur_next == c->nslots) {
			struct slab *slab = arena_carve(SLAB_CHUNKS, c);

			if (!slab)
				goto out;
			/* Redzone, all of it, until objects are handed out. */
			kasan_poison_new_slab(slab, SLAB_SIZE);
			c->cur = (char *)slab;
			c->cur_next = 0;
		}
		object = c->cur + c->first + c->cur_next++ * c->stride;
	}
out:
	kasan_plat_unlock(&c->lock, flags);
	return object;
}

static size_t span_size(const struct slab *slab)
{
	return (size_t)slab->nchunks << CHUNK_SHIFT;
}

static void small_object_info(struct slab *slab, unsigned long addr,
			      struct kasan_object_info *info)
{
	struct kmem_cache *c = slab->cache;
	unsigned long slot0 = (unsigned long)slab + c->first - LEFT_REDZONE;
	size_t i = 0;
	char *object;

	if (addr > slot0)
		i = (addr - slot0) / c->stride;
	if (i >= c->nslots)
		i = c->nslots - 1;
	object = (char *)slab + c->first + i * c->stride;
	info->cache = c;
	info->cache_name = c->name;
	info->object = object;
	info->object_size = c->size;
	info->held_size = c->stride;
	/* The left redzone holds the free link and the object's state. */
	info->left_redzone = 0;
	info->redzone_start = c->layout.redzone_offset;
	info->redzone_end = c->layout.alloc_meta_offset;
	info->alloc_meta = (struct kasan_alloc_meta *)
			   (object + c->layout.alloc_meta_offset);
	info->free_meta = (struct kasan_free_meta *)
			  (object + c->layout.free_meta_offset);
}

static void large_object_info(struct slab *slab,
			      struct kasan_object_info *info)
{
	info->cache = &large_cache;
	info->cache_name = large_cache.name;
	info->object = slab->object;
	info->object_size = kasan_round_up(slab->size, KASAN_GRANULE_SIZE);
	info->held_size = span_size(slab);
	/* The span's header is its first bytes, its object a page in. */
	info->left_redzone = (char *)slab->object - (char *)slab -
			     SLAB_HEADER_SIZE;
	info->redzone_start = info->object_size;
	info->redzone_end = kasan_round_up(slab->size, KASAN_PAGE_SIZE) +
			    LARGE_RIGHT_REDZONE;
	info->alloc_meta = &slab->alloc_meta;
	info->free_meta = &slab->free_meta;
}

bool kasan_plat_find_object(unsigned long addr, struct kasan_object_info *info)
{
	struct slab *slab = addr_to_slab(addr);

	if (!slab || slab->magic != SLAB_MAGIC)
		return false;
	if (slab->cache == &large_cache) {
		if (!slab->object)
			return false;
		large_object_info(slab, info);
	} else {
		small_object_info(slab, addr, info);
	}
	return true;
}

/*
 * A small object's free meta is in its slot, after the object; a large
 * one's in its span's header.
 */
void kasan_plat_object_of_free_meta(struct kasan_free_meta *meta,
				    struct kasan_object_info *info)
{
	struct slab *slab = addr_to_slab((unsigned long)meta);

	if (slab->cache == &large_cache) {
		large_object_info(slab, info);
		return;
	}
	small_object_info(slab, (unsigned long)meta -
			  slab->cache->layout.free_meta_offset, info);
}

/* --- large spans --- */

/* A free span of at least n chunks, and at most a quarter more. */
static struct slab *large_take_free(size_t n)
{
	struct slab **link, *slab;

	if (n <= LARGE_BINS) {
		slab = large_bins[n];
		if (slab)
			large_bins[n] = slab->next_free;
		return slab;
	}
	for (link = &large_bins[0]; (slab = *link); link = &slab->next_free)
		if (slab->nchunks >= n && slab->nchunks <= n + n / 4) {
			*link = slab->next_free;
			return slab;
		}
	return NULL;
}

static void *large_alloc(size_t size, size_t align, unsigned long ip)
{
	size_t offset = align > KASAN_PAGE_SIZE ? align : KASAN_PAGE_SIZE;
	size_t need = offset + kasan_round_up(size, KASAN_PAGE_SIZE) +
		      LARGE_RIGHT_REDZONE;
	size_t nchunks = (need + CHUNK_SIZE - 1) >> CHUNK_SHIFT;
	struct kasan_object_info info;
	unsigned long flags;
	struct slab *slab;

	flags = kasan_plat_lock(&large_cache.lock);
	slab = large_take_free(nchunks);
	kasan_plat_unlock(&large_cache.lock, flags);
	if (!slab)
		slab = arena_carve(nchunks, &large_cache);
	if (!slab)
		return NULL;
	slab->next_free = NULL;
	/* The span is chunk-aligned; a bigger alignment shifts the object. */
	slab->object = (void *)kasan_round_up((unsigned long)slab +
					      KASAN_PAGE_SIZE, align);
	slab->size = size;
	kasan_poison_new_slab(slab, span_size(slab));
	large_object_info(slab, &info);
	kasan_object_alloc(&info, size, ip);
	__atomic_store_n(&slab->state, OBJECT_LIVE, __ATOMIC_RELEASE);
	return slab->object;
}

/* Out of quarantine: the pages go back to the kernel, the span is kept. */
static void large_release(struct slab *slab)
{
	unsigned long flags;
	size_t n = slab->nchunks;
	int saved_errno = errno;

	madvise((char *)slab + KASAN_PAGE_SIZE, span_size(slab) -
		KASAN_PAGE_SIZE, MADV_DONTNEED);
	errno = saved_errno;
	flags = kasan_plat_lock(&large_cache.lock);
	if (n > LARGE_BINS)
		n = 0;
	slab->next_free = large_bins[n];
	large_bins[n] = slab;
	kasan_plat_unlock(&large_cache.lock, flags);
}

void kasan_plat_release_object(void *cache, void *object)
{
	struct kmem_cache *c = cache;
	unsigned long flags;

	if (c == &large_cache) {
		large_release(addr_to_slab((unsigned long)object));
		return;
	}
	flags = kasan_plat_lock(&c->lock);
	*free_link(object) = c->free_list;
	c->free_list = object;
	kasan_plat_unlock(&c->lock, flags);
}

/* The hosted allocator's caches never go away: nothing to wait for. */
int kasan_plat_release_begin(void)
{
	return 0;
}

void kasan_plat_release_end(int section)
{
}

void kasan_plat_release_wait(void)
{
}

/* --- the interface --- */

void *kasan_hosted_alloc(size_t size, size_t align, unsigned long ip)
{
	struct kasan_object_info info;
	struct slab *slab;
	void *object;

	kasan_hosted_ensure_shadow();
	if (align < MIN_ALIGN)
		align = MIN_ALIGN;
	if (size > MAX_ALLOC || align > MAX_ALLOC) {
		errno = ENOMEM;
		return NULL;
	}
	if (size > MAX_SMALL_SIZE || align > MAX_SMALL_ALIGN) {
		object = large_alloc(size, align, ip);
		if (!object)
			errno = ENOMEM;
		return object;
	}
	object = cache_alloc(get_cache(size, align));
	if (!object) {
		errno = ENOMEM;
		return NULL;
	}
	slab = addr_to_slab((unsigned long)object);
	small_object_info(slab, (unsigned long)object, &info);
	kasan_object_alloc(&info, size, ip);
	__atomic_store_n(object_state(&info), OBJECT_LIVE, __ATOMIC_RELEASE);
	return object;
}

static void report_bad_free(void *ptr, unsigned long ip, uint64_t state)
{
	kasan_report_invalid_free(ptr, ip, state == OBJECT_FREED ?
				  KASAN_REPORT_DOUBLE_FREE :
				  KASAN_REPORT_INVALID_FREE);
}

/*
 * The core reports a pointer into an object as an invalid-free, and a
 * freed object as a double-free; the state word decides first, for
 * slots never handed out and for racing frees.
 */
static void do_free(void *ptr, unsigned long ip)
{
	struct kasan_object_info info;
	uint64_t state = OBJECT_LIVE;

	kasan_hosted_ensure_shadow();
	if (!kasan_plat_find_object((unsigned long)ptr, &info)) {
		kasan_report_invalid_free(ptr, ip, KASAN_REPORT_INVALID_FREE);
		return;
	}
	if (info.object == ptr &&
	    !__atomic_compare_exchange_n(object_state(&info), &state,
					 OBJECT_FREED, false, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE)) {
		report_bad_free(ptr, ip, state);
		return;
	}
	if (!kasan_object_free(&info, ptr, ip, true))
		kasan_plat_release_object(info.cache, info.object);
}

/*
 * A live object's info; else, if report, ptr is reported as a bad free
 * (what realloc() would have done to it).
 */
static bool live_object(void *ptr, unsigned long ip, bool report,
			struct kasan_object_info *info)
{
	uint64_t state = 0;

	kasan_hosted_ensure_shadow();
	if (kasan_plat_find_object((unsigned long)ptr, info) &&
	    info->object == ptr) {
		state = __atomic_load_n(object_state(info), __ATOMIC_ACQUIRE);
		if (state == OBJECT_LIVE)
			return true;
	}
	if (report)
		report_bad_free(ptr, ip, state);
	return false;
}

static size_t requested_size(const struct kasan_object_info *info)
{
	if (info->cache == &large_cache)
		return addr_to_slab((unsigned long)info->object)->size;
	return kasan_object_requested_size(info);
}

/* Can the object hold size bytes where it is? */
static bool fits_in_place(const struct kasan_object_info *info, size_t size)
{
	struct kmem_cache *c = info->cache;
	struct slab *slab;

	if (c != &large_cache)
		return size <= MAX_SMALL_SIZE &&
		       class_sizes[size_class(size)] == c->size;
	slab = addr_to_slab((unsigned long)info->object);
	return size > MAX_SMALL_SIZE &&
	       (char *)info->object + kasan_round_up(size, KASAN_PAGE_SIZE) +
	       LARGE_RIGHT_REDZONE <= (char *)slab + span_size(slab);
}

static void *do_realloc(void *ptr, size_t size, unsigned long ip)
{
	struct kasan_object_info info;
	size_t old;
	void *p;

	if (!ptr)
		return kasan_hosted_alloc(size, MIN_ALIGN, ip);
	if (!size) {
		do_free(ptr, ip);
		return NULL;
	}
	if (!live_object(ptr, ip, true, &info)) {
		errno = EINVAL;
		return NULL;
	}
	old = requested_size(&info);
	/* Shrinking within the class: the tail becomes redzone. */
	if (size <= old && fits_in_place(&info, size)) {
		if (info.cache == &large_cache)
			addr_to_slab((unsigned long)ptr)->size = size;
		kasan_object_resize(&info, size);
		return ptr;
	}
	/* Growing moves, so that the old pointer goes to the quarantine. */
	p = kasan_hosted_alloc(size, MIN_ALIGN, ip);
	if (!p)
		return NULL;
	if (old > size)
		old = size;
	if (kasan_check_range((unsigned long)ptr, old, false, ip))
		kasan_hosted_memcpy(p, ptr, old);
	do_free(ptr, ip);
	return p;
}

void *malloc(size_t size)
{
	return kasan_hosted_alloc(size, MIN_ALIGN, KASAN_RET_IP);
}

void free(void *ptr)
{
	if (ptr)
		do_free(ptr, KASAN_RET_IP);
}

void *calloc(size_t n, size_t size)
{
	size_t total;
	void *p;

	if (__builtin_mul_overflow(n, size, &total)) {
		errno = ENOMEM;
		return NULL;
	}
	p = kasan_hosted_alloc(total, MIN_ALIGN, KASAN_RET_IP);
	/* Large spans are fresh or given back to the kernel: zero. */
	if (p && total <= MAX_SMALL_SIZE)
		kasan_hosted_memset(p, 0, total);
	return p;
}

void *realloc(void *ptr, size_t size)
{
	return do_realloc(ptr, size, KASAN_RET_IP);
}

void *reallocarray(void *ptr, size_t n, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(n, size, &total)) {
		errno = ENOMEM;
		return NULL;
	}
	return do_realloc(ptr, total, KASAN_RET_IP);
}

static bool power_of_2(size_t x)
{
	return x && !(x & (x - 1));
}

int posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	if (!power_of_2(align) || align % sizeof(void *))
		return EINVAL;
	p = kasan_hosted_alloc(size, align, KASAN_RET_IP);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void *aligned_alloc(size_t align, size_t size)
{
	if (!power_of_2(align)) {
		errno = EINVAL;
		return NULL;
	}
	return kasan_hosted_alloc(size, align, KASAN_RET_IP);
}

/* glibc's memalign() rounds a bad alignment up to a power of 2. */
void *memalign(size_t align, size_t size)
{
	if (align > MAX_ALLOC) {
		errno = EINVAL;
		return NULL;
	}
	if (!power_of_2(align))
		align = align ? 1UL << (64 - __builtin_clzl(align)) : MIN_ALIGN;
	return kasan_hosted_alloc(size, align, KASAN_RET_IP);
}

void *valloc(size_t size)
{
	return kasan_hosted_alloc(size, KASAN_PAGE_SIZE, KASAN_RET_IP);
}

void *pvalloc(size_t size)
{
	if (size > MAX_ALLOC) {
		errno = ENOMEM;
		return NULL;
	}
	size = size ? kasan_round_up(size, KASAN_PAGE_SIZE) : KASAN_PAGE_SIZE;
	return kasan_hosted_alloc(size, KASAN_PAGE_SIZE, KASAN_RET_IP);
}

/* The requested size: the rest of the slot is redzone. */
size_t malloc_usable_size(void *ptr)
{
	struct kasan_object_info info;

	if (!ptr || !live_object(ptr, 0, false, &info))
		return 0;
	return requested_size(&info);
}

/* --- reports --- */

bool kasan_hosted_describe_heap(unsigned long addr)
{
	struct slab *slab = addr_to_slab(addr);
	unsigned long start = (unsigned long)slab;

	if (!slab || slab->magic != SLAB_MAGIC)
		return false;
	if (slab->cache == &large_cache)
		kasan_printf("The buggy address belongs to the large "
			     "allocation span [%p, %p) of %lu pages\n",
			     (void *)start,
			     (void *)(start + span_size(slab)),
			     span_size(slab) / KASAN_PAGE_SIZE);
	else
		kasan_printf("The buggy address belongs to the slab [%p, %p) "
			     "of cache %s\n", (void *)start,
			     (void *)(start + SLAB_SIZE), slab->cache->name);
	return true;
}

/* --- fork --- */

/*
 * The child must not inherit a lock another thread held: all of the
 * platform's locks that malloc() may take are held across fork(), in
 * the order malloc() takes them.  (The core's quarantine lock is not
 * ours to take.)
 */
static void lock_all(void)
{
	unsigned int a, c;

	for (a = 0; a < NALIGNS; a++)
		for (c = 0; c < NCLASSES; c++)
			kasan_plat_lock(&caches[a][c].lock);
	kasan_plat_lock(&large_cache.lock);
	kasan_plat_lock(&arena_lock);
	kasan_plat_lock(&kasan_hosted_unwind_lock);
	kasan_plat_lock(&kasan_hosted_depot_lock);
}

static void unlock_all(void)
{
	unsigned int a, c;

	kasan_plat_unlock(&kasan_hosted_depot_lock, 0);
	kasan_plat_unlock(&kasan_hosted_unwind_lock, 0);
	kasan_plat_unlock(&arena_lock, 0);
	kasan_plat_unlock(&large_cache.lock, 0);
	for (a = 0; a < NALIGNS; a++)
		for (c = 0; c < NCLASSES; c++)
			kasan_plat_unlock(&caches[a][c].lock, 0);
}

void kasan_hosted_malloc_atfork_init(void)
{
	pthread_atfork(lock_all, unlock_all, unlock_all);
}
