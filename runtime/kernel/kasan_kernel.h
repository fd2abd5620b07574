/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel platform of the kasan-plugin runtime: what its files share.
 *
 * kasan_platform.h  the definitions the core needs (types, offset, locks)
 * platform.c        the rest of the platform API: locks, output, tasks,
 *                   the report's begin and end (KUnit, taint, panic),
 *                   boot parameters
 * stack.c           alloc/free stacks in the kernel's stack depot
 * vmalloc.c         shadow for vmalloc and module memory, on demand
 * slab.c            SLUB's hooks: cache layout, object alloc and free,
 *                   kmalloc, krealloc, mempool, the quarantine's bound
 * page.c            the page allocator's hooks, large kmalloc, pages in
 *                   reports
 * string.c          checked mem*(), the kasan_check_*() entry points
 * fake_stack.c      each task's fake stack (use-after-return): the
 *                   fork and free hooks (kasan_plat_fake_stack() is
 *                   inline, in kasan_platform.h)
 * shadow_ptes.c     the last level of the shadow's set-up, a run of PTEs,
 *                   and its end
 * memory_hotplug.c  shadow for memory going online, freed when it goes
 *                   offline (CONFIG_MEMORY_HOTPLUG)
 * linux-X.Y/        what differs between kernel versions:
 *   kasan_version.h   small adapters (names, flags, the stack depot)
 *   hooks.c           the entry points whose names or signatures differ,
 *                     KUnit's view of a report, the shrinker's
 *                     registration
 * arch-ARCH/        what differs between architectures (x86, arm):
 *   kasan_arch.h      which addresses have shadow, where user space
 *                     ends, what a report saves around itself
 *   objs.mk           the architecture's objects
 *   shadow_init.c     the shadow's page tables: early, then real shadow
 *                     for the direct map and the kernel image (x86:
 *                     4 or 5 levels, the cpu entry area, 2 MiB pages;
 *                     arm: 2-level tables, lowmem, modules, pkmap)
 *   fault.c           x86: the non-canonical address hint
 *   string.c          arm: checked memchr(), strchr(), strrchr() in
 *                     front of the assembly ones
 *   bitops.c          arm: checked atomic bitops in front of the
 *                     assembly ones
 */
#ifndef KASAN_KERNEL_H
#define KASAN_KERNEL_H

#include <linux/kasan.h>
#include <linux/moduleparam.h>
#include <linux/shrinker.h>
#include "kasan_core.h"

/* stack.c; 6.12 declares it in <linux/kasan.h>, 6.1 in mm/kasan/kasan.h. */
#ifdef CONFIG_KASAN_STACK
asmlinkage void kasan_unpoison_task_stack_below(const void *watermark);
#endif

/*
 * platform.c: the ops of a read-only counter in /sys/module/kasan/
 * parameters/, an atomic_long_t (module_param_cb(NAME, &kasan_counter_ops,
 * &counter, 0444) after MODULE_PARAM_PREFIX "kasan.").
 */
extern const struct kernel_param_ops kasan_counter_ops;

/*
 * platform.c: the shadow is ready (kasan_shadow_ready()); functions may
 * take fake frames from now on if kasan.stack_use_after_return says so,
 * and new tasks get fake stacks (kasan_fake_stacks_on).
 */
void __init kasan_use_after_return_ready(void);
extern bool kasan_fake_stacks_on;

/* fake_stack.c: the frames of a task that is about to run from the start. */
void kasan_task_fake_stack_reset(struct task_struct *tsk);

/* The memory one shadow page describes (vmalloc.c, memory_hotplug.c). */
#define MEMORY_PER_SHADOW_PAGE	(PAGE_SIZE << KASAN_SHADOW_SCALE_SHIFT)

/* arch-ARCH/shadow_init.c: bytes of real shadow and of its page tables. */
extern unsigned long kasan_shadow_bytes;
extern unsigned long kasan_shadow_table_bytes;
void __init kasan_populate_shadow(unsigned long start, unsigned long end,
				  int nid);
/* npages zeroed pages for the shadow, in one piece, counted in *counter. */
void * __init kasan_arch_shadow_alloc(unsigned long npages, int nid,
				      unsigned long *counter);

/*
 * shadow_ptes.c: a run of shadow PTEs in a table private to the shadow;
 * the end of the set-up (reports on, the boot line).
 */
enum kasan_shadow_action {
	KASAN_SHADOW_POPULATE,		/* real, zeroed shadow pages */
	KASAN_SHADOW_POPULATE_LARGE,	/* the same, by 2 MiB where the
					   architecture can (x86) */
	KASAN_SHADOW_UNMAP,		/* nothing mapped */
	KASAN_SHADOW_UNMAP_ZERO,	/* nothing mapped where the zero
					   page was; real shadow stays */
};
void __init kasan_shadow_fill_ptes(pte_t *pte, unsigned long addr,
				   unsigned long end,
				   enum kasan_shadow_action action, int nid);
void __init kasan_shadow_ready(void);

/* page.c: is ptr, being freed, a large kmalloc()'s start?  Or a report. */
bool kasan_check_free_large(void *ptr, unsigned long ip);
bool kasan_mempool_free_pages(void *ptr, size_t size, unsigned long ip);
bool kasan_unpoison_page_range(struct page *page, unsigned int order);
void kasan_large_kmalloc_resize(const void *ptr, size_t size);
/* page.c: guard pages may be taken from now on (the shadow is real). */
void __init kasan_page_guards_ready(void);
/*
 * page.c: large kmalloc() objects with guards, for slab.c's platform
 * functions: the object around an address, the object of a quarantine
 * entry, and its release to the page allocator (its cache is NULL).
 */
bool kasan_large_find_object(unsigned long addr, struct kasan_object_info *obj);
void kasan_large_object_of_free_meta(struct kasan_free_meta *meta,
				     struct kasan_object_info *obj);
void kasan_large_release(void *object);

/* slab.c, for the version's hooks. */
size_t kasan_slab_meta_after_object(struct kmem_cache *cache);
size_t kasan_slab_meta_in_object(struct kmem_cache *cache);
void kasan_slab_unpoison_new(struct kmem_cache *cache, void *object);
void kasan_slab_poison_new(struct kmem_cache *cache, void *object);
bool kasan_slab_free_is_bad(struct kmem_cache *cache, void *ptr,
			    unsigned long ip);
bool kasan_slab_free_object(struct kmem_cache *cache, void *ptr,
			    unsigned long ip, bool quarantine,
			    bool still_accessible);
bool kasan_mempool_free(void *ptr, unsigned long ip);
void kasan_mempool_reuse(void *ptr, size_t size, unsigned long ip);

/* vmalloc.c, for the version's hooks. */
void kasan_release_vmalloc_shadow(unsigned long start, unsigned long end,
				  unsigned long free_start,
				  unsigned long free_end, bool flush);
void kasan_flush_vmalloc_shadow(unsigned long start, unsigned long end);
void kasan_vmalloc_resize(const void *start, unsigned long old_size,
			  unsigned long new_size);

/*
 * string.c: what the compiler calls for memcpy() and friends with
 * prefixed mem intrinsics (mm/kasan/kasan.h declares them for mainline),
 * and mem*() that check their ranges first, as called from ip.
 */
void *__asan_memset(void *addr, int c, ssize_t len);
void *__asan_memmove(void *dest, const void *src, ssize_t len);
void *__asan_memcpy(void *dest, const void *src, ssize_t len);
void *kasan_checked_memset(void *addr, int c, size_t len, unsigned long ip);
void *kasan_checked_memmove(void *dest, const void *src, size_t len,
			    unsigned long ip);
void *kasan_checked_memcpy(void *dest, const void *src, size_t len,
			   unsigned long ip);

/*
 * linux-X.Y/hooks.c: what differs between kernel versions beyond the
 * entry points.  A report tells the running KUnit test (if any) in the
 * version's way; the quarantine's shrinker is registered in the
 * version's way (0 or an error).
 */
void kasan_kunit_note_report(void);
int kasan_register_shrinker(const char *name,
			    unsigned long (*count)(struct shrinker *,
						   struct shrink_control *),
			    unsigned long (*scan)(struct shrinker *,
						  struct shrink_control *));

#endif /* KASAN_KERNEL_H */
