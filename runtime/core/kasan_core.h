/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The KASan runtime core: what every platform (hosted, kernel) shares.
 *
 * The core is portable C.  It includes no libc or kernel header; its types
 * (size_t, bool, uint8_t/16/32/64_t, NULL), KASAN_SHADOW_OFFSET and the
 * platform's lock type come from "kasan_platform.h", which each platform
 * provides in its own directory (runtime/hosted/, runtime/kernel/).  What a
 * platform must implement is declared in kasan_platform_api.h.
 *
 * shadow.c      shadow mapping, poison/unpoison, range queries
 * check.c       the compiler's entry points (__asan_load4_noabort, ...),
 *               range checks for mem*() and string functions
 * object.c      heap objects: slot layout, alloc/free, metadata, tracks
 * quarantine.c  a FIFO of freed objects, bounded in bytes
 * globals.c     __asan_register_globals, alloca redzones, no-return
 * redzone.c     redzone overwrite detection: a pattern in the redzones
 *               nothing else owns, compared at free and release
 * fake_stack.c  frames of functions on fake stacks (use-after-return)
 * options.c     the run-time options (multi-shot, panic, stack saving)
 * report.c      reports in mainline's format
 * format.c      the core's own small printf, so that both platforms print
 *               the very same text
 */
#ifndef KASAN_CORE_H
#define KASAN_CORE_H

#include "kasan_platform.h"

#define KASAN_SHADOW_SCALE_SHIFT	3
#define KASAN_GRANULE_SIZE		(1UL << KASAN_SHADOW_SCALE_SHIFT)
#define KASAN_GRANULE_MASK		(KASAN_GRANULE_SIZE - 1)

/*
 * Shadow values.  A shadow byte of 0 means all 8 bytes of its granule are
 * accessible, 1..7 that only that many leading bytes are; the negative
 * values say why a granule is not.  They are an ABI: compilers write the
 * stack values, and mainline's runtime and tools know the others.
 */
#define KASAN_PAGE_FREE		0xFF	/* freed page */
#define KASAN_PAGE_REDZONE	0xFE	/* redzone of a page-backed object */
#define KASAN_PAGE_GUARD	0xFD	/* guard page after page allocation (ours) */
#define KASAN_SLAB_REDZONE	0xFC	/* redzone of a heap object */
#define KASAN_SLAB_FREE		0xFB	/* freed heap object */
#define KASAN_SLAB_FREETRACK	0xFA	/* freed heap object, free track valid */
#define KASAN_GLOBAL_REDZONE	0xF9	/* redzone of a global */
#define KASAN_VMALLOC_INVALID	0xF8	/* unmapped part of a vmalloc area */
#define KASAN_STACK_LEFT	0xF1	/* stack frame: left redzone */
#define KASAN_STACK_MID		0xF2	/* between two locals */
#define KASAN_STACK_RIGHT	0xF3	/* right redzone */
#define KASAN_STACK_PARTIAL	0xF4	/* old compilers' partial granule */
#define KASAN_STACK_AFTER_RETURN	0xF5	/* a returned fake frame (plugin) */
#define KASAN_STACK_AFTER_SCOPE	0xF7	/* a local whose scope ended (plugin) */
#define KASAN_ALLOCA_LEFT	0xCA	/* left redzone of an alloca */
#define KASAN_ALLOCA_RIGHT	0xCB	/* right redzone of an alloca */
#define KASAN_NULL_PAGE		0xE0	/* hosted: the page at address 0 */

#define KASAN_ALLOCA_REDZONE_SIZE	32
#define KASAN_STACK_FRAME_MAGIC		0x41B58AB3UL

static inline uint8_t *kasan_shadow_of(const void *addr)
{
	return (uint8_t *)(((unsigned long)addr >> KASAN_SHADOW_SCALE_SHIFT) +
			   KASAN_SHADOW_OFFSET);
}

static inline void *kasan_mem_of_shadow(const void *shadow)
{
	return (void *)(((unsigned long)shadow - KASAN_SHADOW_OFFSET)
			<< KASAN_SHADOW_SCALE_SHIFT);
}

static inline unsigned long kasan_round_up(unsigned long x, unsigned long a)
{
	return (x + a - 1) & ~(a - 1);
}

static inline unsigned long kasan_round_down(unsigned long x, unsigned long a)
{
	return x & ~(a - 1);
}

/* shadow.c */
void kasan_fill(void *addr, uint8_t value, size_t size);
const uint8_t *kasan_first_not(const uint8_t *start, const uint8_t *end,
			       uint8_t value);
void kasan_poison(const void *addr, size_t size, uint8_t value);
void kasan_unpoison(const void *addr, size_t size);
bool kasan_byte_accessible(const void *addr);
unsigned long kasan_first_bad_addr(unsigned long addr, size_t size);
bool kasan_region_is_poisoned(unsigned long addr, size_t size);

/* check.c */
bool kasan_check_range(unsigned long addr, size_t size, bool is_write,
		       unsigned long ip);

/* A stack trace, saved by the platform (an index into its stack depot). */
typedef uint32_t kasan_stack_t;

struct kasan_track {
	uint32_t pid;
	kasan_stack_t stack;
};

/*
 * Kept for every live heap object, in the redzone after it: the requested
 * size (31 bits: only a hosted object can be bigger, and a report then
 * shows it modulo 2 GiB), the allocation stack and two auxiliary stacks
 * (call_rcu() and workqueue users record theirs:
 * kasan_record_aux_stack()), and whether a check has reported a write to
 * the object's redzones (redzone.c: that damage is no news at free).
 */
struct kasan_alloc_meta {
	struct kasan_track alloc_track;
	kasan_stack_t aux_stack[2];
	uint32_t requested_size : 31;
	uint32_t redzone_written : 1;
};

/*
 * A quarantine entry, in the freed object (or its redzone): the link
 * alone, as mainline's.  The object, its cache and the memory it holds
 * come from the platform (kasan_plat_object_of_free_meta()), which knows
 * them from the entry's address: three more words would make the free
 * metadata too big for the small objects that are most of a slab's.
 */
struct kasan_qnode {
	struct kasan_qnode *next;
};

struct kasan_free_meta {
	struct kasan_qnode qnode;
	struct kasan_track free_track;
};

/*
 * Where an allocator puts the core's metadata in a slot of object_size
 * bytes (object_size is rounded up to the granule).  The slot is
 * [left_redzone][object][allocator's data][right redzone][metadata],
 * slot_size bytes in all, left_redzone bytes before the object: the
 * metadata at the slot's end, so that an overflow of the object lands in
 * redzone bytes that hold nothing before it reaches the metadata.
 */
struct kasan_slot_layout {
	size_t object_size;
	size_t left_redzone;
	size_t redzone_offset;		/* from the object: after its data */
	size_t alloc_meta_offset;	/* from the object */
	size_t free_meta_offset;	/* from the object; 0: in the object */
	size_t meta_end;		/* from the object: after the metadata */
	size_t slot_size;
};

/*
 * What a platform knows of the heap object around an address.  object is
 * the start of the object, object_size the size the allocator gave it
 * (its cache's size), held_size the memory the object keeps from the
 * allocator while the quarantine holds it (what the quarantine's bound
 * counts): its share of its slab, redzones, metadata and the slab's
 * unused tail with it; a platform may leave it 0 but for an object being
 * freed and one found through its free metadata.  Either meta pointer
 * may be NULL.  The redzone bytes that nothing but the core writes
 * (redzone.c fills and checks them, with the bytes of the object past its
 * requested size): left_redzone bytes before the object,
 * and [redzone_start, redzone_end) from the object.  A redzone_end of 0
 * leaves all of them to an allocator that checks its own redzones
 * (SLUB's debugging).
 */
struct kasan_object_info {
	void *cache;
	const char *cache_name;
	void *object;
	size_t object_size;
	size_t held_size;
	size_t left_redzone;
	size_t redzone_start;
	size_t redzone_end;
	struct kasan_alloc_meta *alloc_meta;
	struct kasan_free_meta *free_meta;
};

/* object.c */
void kasan_layout_slot(size_t object_size, size_t meta_start,
		       size_t left_redzone, bool free_meta_in_object,
		       struct kasan_slot_layout *l);
void kasan_poison_new_slab(void *start, size_t size);
void kasan_object_init(const struct kasan_object_info *obj);
void kasan_object_alloc(const struct kasan_object_info *obj, size_t size,
			unsigned long ip);
/*
 * Is freeing ptr, in an allocation that starts at start, a bug: a pointer
 * into it, or a second free?  Then it is reported, and true.  The check
 * alone, for allocators that check before they free (the free itself
 * claims the object again, kasan_object_free()).
 */
bool kasan_bad_free(void *ptr, const void *start, unsigned long ip);
bool kasan_object_free(const struct kasan_object_info *obj, void *ptr,
		       unsigned long ip, bool quarantine);
void kasan_object_unpoison_whole(const struct kasan_object_info *obj);
void kasan_object_realloc(const struct kasan_object_info *obj, size_t size,
			  unsigned long ip);
void kasan_object_resize(const struct kasan_object_info *obj, size_t size);
void kasan_record_aux_stack_of(struct kasan_alloc_meta *meta, bool can_alloc);
size_t kasan_object_requested_size(const struct kasan_object_info *obj);

/* redzone.c */
#define KASAN_REDZONE_PATTERN	0xFC
void kasan_redzone_fill(const struct kasan_object_info *obj);
void kasan_redzone_resize(const struct kasan_object_info *obj,
			  size_t old_size, size_t new_size);
void kasan_redzone_check_free(const struct kasan_object_info *obj,
			      unsigned long ip);
void kasan_redzone_check_release(const struct kasan_object_info *obj,
				 unsigned long ip);
void kasan_redzone_note_write(unsigned long addr);

/* quarantine.c */
void kasan_quarantine_put(const struct kasan_object_info *obj,
			  unsigned long ip);
void kasan_quarantine_set_limit(size_t bytes);
size_t kasan_quarantine_bytes(void);
void kasan_quarantine_drain_cache(void *cache);
void kasan_quarantine_drain_all(void);
size_t kasan_quarantine_shrink(size_t bytes);

/*
 * The layout of struct kasan_global, the descriptor compilers emit for
 * each global: GCC >= 7 (and LLVM) have eight fields.
 */
struct kasan_source_location {
	const char *filename;
	int line;
	int column;
};

struct kasan_global {
	const void *beg;
	size_t size;
	size_t size_with_redzone;
	const char *name;
	const char *module_name;
	unsigned long has_dynamic_init;
	struct kasan_source_location *location;
	char *odr_indicator;
};

/* globals.c */
void kasan_register_global(const struct kasan_global *global);

/*
 * The header of a fake stack (fake_stack.c), in its first region: who it
 * belongs to, where each size class's ring goes on, and one flag per
 * frame, set while the frame is in use.
 */
#define KASAN_FAKE_FRAME_CLASSES	7	/* 64 bytes to 4 KiB */

struct kasan_fake_stack {
	unsigned long magic;
	uint32_t owner_pid;
	char owner_name[16];
	uint16_t next[KASAN_FAKE_FRAME_CLASSES];
	uint8_t used[];
};

/* fake_stack.c */
extern int __kasan_use_after_return;
void kasan_fake_stack_init(struct kasan_fake_stack *fs, uint32_t pid,
			   const char *name);
void kasan_fake_stack_set_owner(struct kasan_fake_stack *fs, uint32_t pid,
				const char *name);
const struct kasan_fake_stack *kasan_fake_stack_of(unsigned long addr,
						   unsigned long *frame);
void *__kasan_fake_frame_alloc(unsigned long size, void *real);
void __kasan_fake_frame_release(void *frame, unsigned long size);

/* options.c: set by the platform, read by the core */
struct kasan_runtime_options {
	bool multi_shot;	/* every report, not only the first */
	bool panic_on_report;	/* kasan.fault=panic */
	bool stacktrace;	/* save alloc/free stacks */
	bool redzone_check;	/* fill and check heap redzones (redzone.c) */
};

extern struct kasan_runtime_options kasan_options;

/* report.c */
enum kasan_report_type {
	KASAN_REPORT_ACCESS,
	KASAN_REPORT_INVALID_FREE,
	KASAN_REPORT_DOUBLE_FREE,
	KASAN_REPORT_REDZONE_AT_FREE,
	KASAN_REPORT_REDZONE_AT_RELEASE,
};

bool kasan_report(unsigned long addr, size_t size, bool is_write,
		  unsigned long ip);
void kasan_report_invalid_free(void *ptr, unsigned long ip,
			       enum kasan_report_type type);
void kasan_report_redzone(unsigned long addr, size_t size, unsigned long ip,
			  enum kasan_report_type type);
unsigned long kasan_report_count(void);
bool kasan_save_enable_multi_shot(void);
void kasan_restore_multi_shot(bool enabled);
const char *kasan_bug_type(unsigned long addr, size_t size);

/* format.c: %s %c %d %i %u %x %p with l/ll/z, flags '-' '0', width, '*' */
int kasan_vsnprintf(char *buf, size_t size, const char *fmt,
		    __builtin_va_list args);
int kasan_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void kasan_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#include "kasan_platform_api.h"

#endif /* KASAN_CORE_H */
