/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Linux 6.12's side of what the kernel platform's common files ask of the
 * kernel in a version's own way (runtime/kernel/linux-6.1/ has the same
 * names).  The entry points whose signatures differ are in hooks.c.
 */
#ifndef KASAN_VERSION_H
#define KASAN_VERSION_H

#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/stackdepot.h>

/* Mainline's title since 6.3 (mm/kasan/report_generic.c). */
#define KASAN_VERSION_SLAB_UAF	"slab-use-after-free"

/* SLAB_KASAN no longer stops merging by itself (mm/kasan/generic.c). */
#define KASAN_VERSION_CACHE_FLAGS	(SLAB_KASAN | SLAB_NO_MERGE)

/*
 * x86_64 (arch-x86/shadow_init.c, which includes asm/cpu_entry_area.h):
 * the cpu entry area is a whole P4D (512 GiB) with each CPU's part at a
 * random place: at boot only the shared part below the per-CPU ones gets
 * shadow, each CPU's when it is set up (kasan_populate_shadow_for_vaddr()).
 */
#define KASAN_VERSION_CEA_BOOT_END	CPU_ENTRY_AREA_PER_CPU

/* mm/slab.h's is_kmalloc_cache(); a macro: struct kmem_cache is mm's. */
#define kasan_cache_is_kmalloc(cache)	((cache)->flags & SLAB_KMALLOC)

static inline depot_stack_handle_t kasan_depot_save(unsigned long *entries,
						    unsigned int n,
						    bool can_alloc)
{
	return stack_depot_save_flags(entries, n, GFP_NOWAIT,
				      can_alloc ? STACK_DEPOT_FLAG_CAN_ALLOC : 0);
}

/* While 6.12's KUnit suite runs, a report fails no test (hooks.c). */
void kasan_kunit_test_suite_start(void);
void kasan_kunit_test_suite_end(void);

#endif /* KASAN_VERSION_H */
