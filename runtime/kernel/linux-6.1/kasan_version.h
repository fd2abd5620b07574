/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Linux 6.1's side of what the kernel platform's common files ask of the
 * kernel in a version's own way (runtime/kernel/linux-6.12/ has the same
 * names).  The entry points whose signatures differ are in hooks.c.
 */
#ifndef KASAN_VERSION_H
#define KASAN_VERSION_H

#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/stackdepot.h>

/* The title of a use of a freed slab object. */
#define KASAN_VERSION_SLAB_UAF	"use-after-free"

/* kasan_cache_create(): no merging (SLAB_KASAN is in SLAB_NEVER_MERGE). */
#define KASAN_VERSION_CACHE_FLAGS	SLAB_KASAN

/*
 * x86_64's cpu entry area (arch-x86/shadow_init.c, which includes
 * asm/cpu_entry_area.h): the part whose shadow is made at boot, all of it.
 */
#define KASAN_VERSION_CEA_BOOT_END	(CPU_ENTRY_AREA_BASE + CPU_ENTRY_AREA_MAP_SIZE)

/*
 * __kasan_cache_create_kmalloc() marks kmalloc caches (hooks.c); a macro,
 * as 6.12's, whose struct kmem_cache is mm's.
 */
#define kasan_cache_is_kmalloc(cache)	((cache)->kasan_info.is_kmalloc)

static inline depot_stack_handle_t kasan_depot_save(unsigned long *entries,
						    unsigned int n,
						    bool can_alloc)
{
	return __stack_depot_save(entries, n, 0, GFP_NOWAIT, can_alloc);
}

#endif /* KASAN_VERSION_H */
