// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Stack traces: taken by the fast unwinder of unwind.c, or where it gives
 * up by libgcc's _Unwind_Backtrace() (both read .eh_frame, so they work
 * for code built without frame pointers, and allocate nothing), stored
 * once each in a stack depot, printed one frame a line.
 *
 * The runtime's own frames are left out.  The build puts all of the
 * runtime's code in one section, kasan_text, so a frame is the runtime's
 * when its pc is between __start_kasan_text and __stop_kasan_text.  A
 * saved stack keeps the outermost of them, the entry point the program
 * called (malloc, free, strdup ...); a report's stack starts at the
 * instrumented function.
 *
 * The depot: records in a large lazily-committed mapping, found through
 * a hash table; a handle is a record's offset / 8 + 1, 0 is none.
 * Lookups take no lock: a record is complete before its bucket points to
 * it, and records are never freed.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/mman.h>
#include <unwind.h>

#include "hosted.h"

#define STACK_MAX_FRAMES	64
#define DEPOT_POOL_SIZE		(256UL << 20)
#define DEPOT_BUCKETS		(1UL << 20)

extern char __start_kasan_text[] __attribute__((weak, visibility("hidden")));
extern char __stop_kasan_text[] __attribute__((weak, visibility("hidden")));

bool kasan_hosted_ip_in_runtime(unsigned long ip)
{
	return ip >= (unsigned long)__start_kasan_text &&
	       ip < (unsigned long)__stop_kasan_text;
}

struct unwind_state {
	unsigned long frames[STACK_MAX_FRAMES];
	unsigned int n;
	unsigned long entry;	/* the outermost runtime frame so far */
	bool keep_entry;
	bool in_program;
};

static _Unwind_Reason_Code unwind_frame(struct _Unwind_Context *ctx,
					void *arg)
{
	struct unwind_state *st = arg;
	unsigned long ip = _Unwind_GetIP(ctx);

	if (!ip)
		return _URC_END_OF_STACK;
	if (!st->in_program) {
		if (kasan_hosted_ip_in_runtime(ip)) {
			st->entry = ip;
			return _URC_NO_REASON;
		}
		st->in_program = true;
		if (st->keep_entry && st->entry)
			st->frames[st->n++] = st->entry;
	}
	if (st->n < STACK_MAX_FRAMES)
		st->frames[st->n++] = ip;
	return st->n < STACK_MAX_FRAMES ? _URC_NO_REASON : _URC_END_OF_STACK;
}

static void unwind(struct unwind_state *st, bool keep_entry)
{
	if (kasan_hosted_unwind_fast(st->frames, STACK_MAX_FRAMES, keep_entry,
				     &st->n))
		return;
	st->n = 0;
	st->entry = 0;
	st->keep_entry = keep_entry;
	st->in_program = false;
	_Unwind_Backtrace(unwind_frame, st);
}

struct depot_record {
	uint32_t next;		/* handle of the next record in the bucket */
	uint32_t hash;
	uint32_t nframes;
	uint32_t pad;
	unsigned long frames[];
};

kasan_lock_t kasan_hosted_depot_lock = KASAN_LOCK_INITIALIZER;
static char *depot_pool;
static size_t depot_used;
static uint32_t *depot_buckets;
static bool depot_ready;

static bool depot_init(void)
{
	unsigned long flags;
	void *pool, *buckets;

	if (__atomic_load_n(&depot_ready, __ATOMIC_ACQUIRE))
		return true;
	flags = kasan_plat_lock(&kasan_hosted_depot_lock);
	if (!depot_ready) {
		pool = mmap(NULL, DEPOT_POOL_SIZE, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		buckets = mmap(NULL, DEPOT_BUCKETS * sizeof(uint32_t),
			       PROT_READ | PROT_WRITE, MAP_PRIVATE |
			       MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (pool != MAP_FAILED && buckets != MAP_FAILED) {
			depot_pool = pool;
			depot_buckets = buckets;
			/* Offset 0 is never a record: handle 0 means none. */
			depot_used = 8;
			__atomic_store_n(&depot_ready, true, __ATOMIC_RELEASE);
		}
	}
	kasan_plat_unlock(&kasan_hosted_depot_lock, flags);
	return depot_ready;
}

static struct depot_record *depot_record(uint32_t handle)
{
	return (struct depot_record *)(depot_pool +
				       ((size_t)(handle - 1) << 3));
}

static uint32_t hash_frames(const unsigned long *frames, unsigned int n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
	unsigned int i;

	for (i = 0; i < n; i++) {
		h ^= frames[i];
		h *= 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	return (uint32_t)h;
}

static bool same_stack(const struct depot_record *r, uint32_t hash,
		       const unsigned long *frames, unsigned int n)
{
	unsigned int i;

	if (r->hash != hash || r->nframes != n)
		return false;
	for (i = 0; i < n; i++)
		if (r->frames[i] != frames[i])
			return false;
	return true;
}

static uint32_t bucket_find(uint32_t *bucket, uint32_t hash,
			    const unsigned long *frames, unsigned int n)
{
	uint32_t h;

	for (h = __atomic_load_n(bucket, __ATOMIC_ACQUIRE); h;
	     h = depot_record(h)->next)
		if (same_stack(depot_record(h), hash, frames, n))
			return h;
	return 0;
}

static uint32_t depot_save(const unsigned long *frames, unsigned int n)
{
	uint32_t hash = hash_frames(frames, n);
	uint32_t *bucket;
	size_t size = sizeof(struct depot_record) + n * sizeof(frames[0]);
	struct depot_record *r;
	unsigned long flags;
	uint32_t handle;

	if (!n || !depot_init())
		return 0;
	bucket = &depot_buckets[hash & (DEPOT_BUCKETS - 1)];
	handle = bucket_find(bucket, hash, frames, n);
	if (handle)
		return handle;

	flags = kasan_plat_lock(&kasan_hosted_depot_lock);
	handle = bucket_find(bucket, hash, frames, n);
	if (!handle && depot_used + size <= DEPOT_POOL_SIZE) {
		r = (struct depot_record *)(depot_pool + depot_used);
		handle = (depot_used >> 3) + 1;
		r->hash = hash;
		r->nframes = n;
		kasan_hosted_memcpy(r->frames, frames, n * sizeof(frames[0]));
		r->next = *bucket;
		/* The record is whole before anyone can find it. */
		__atomic_store_n(&depot_used, depot_used + size,
				 __ATOMIC_RELEASE);
		__atomic_store_n(bucket, handle, __ATOMIC_RELEASE);
	}
	kasan_plat_unlock(&kasan_hosted_depot_lock, flags);
	return handle;
}

/* The hosted depot's memory is mapped up front: can_alloc changes nothing. */
kasan_stack_t kasan_plat_save_stack(bool can_alloc)
{
	struct unwind_state st;

	/* ld.so's early allocations: libgcc may not be ready yet. */
	if (!__atomic_load_n(&kasan_hosted_started, __ATOMIC_ACQUIRE))
		return 0;
	unwind(&st, true);
	return depot_save(st.frames, st.n);
}

static void print_frames(const unsigned long *frames, unsigned int n)
{
	char sym[256];
	unsigned int i;

	for (i = 0; i < n; i++) {
		kasan_hosted_symbolize_return(frames[i], sym, sizeof(sym));
		kasan_printf(" %s\n", sym);
	}
}

/*
 * A handle comes from metadata in a redzone, which an overflow that was
 * reported and then done may have overwritten: check it.
 */
static const struct depot_record *valid_record(kasan_stack_t stack)
{
	size_t used = __atomic_load_n(&depot_used, __ATOMIC_ACQUIRE);
	const struct depot_record *r;

	if (!stack || !__atomic_load_n(&depot_ready, __ATOMIC_ACQUIRE) ||
	    ((size_t)(stack - 1) << 3) + sizeof(*r) > used)
		return NULL;
	r = depot_record(stack);
	if (!r->nframes || r->nframes > STACK_MAX_FRAMES ||
	    ((size_t)(stack - 1) << 3) + sizeof(*r) +
	    r->nframes * sizeof(r->frames[0]) > used)
		return NULL;
	return r;
}

void kasan_plat_print_stack(kasan_stack_t stack)
{
	const struct depot_record *r = valid_record(stack);

	if (!r) {
		kasan_printf("(stack is not available)\n");
		return;
	}
	print_frames(r->frames, r->nframes);
}

/* As mainline's dump_stack(), without the taint and hardware lines. */
void kasan_plat_dump_stack(void)
{
	struct unwind_state st;

	kasan_printf("CPU: %d PID: %u Comm: %s\n", sched_getcpu(),
		     kasan_plat_task_pid(), kasan_plat_task_name());
	kasan_printf("Call Trace:\n");
	kasan_printf(" <TASK>\n");
	unwind(&st, false);
	print_frames(st.frames, st.n);
	kasan_printf(" </TASK>\n");
}
