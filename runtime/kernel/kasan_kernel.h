/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel platform of the kasan-plugin runtime: what its files share.
 *
 * kasan_platform.h  the definitions the core needs (types, offset, locks)
 * platform.c        the rest of the platform API: locks, output, tasks,
 *                   the report's begin and end (KUnit, taint, panic),
 *                   boot parameters, the non-canonical address hint
 * stack.c           alloc/free stacks in the kernel's stack depot
 * shadow_init.c     the shadow's page tables: early, then real shadow
 *                   for the direct map and the kernel image
 * vmalloc.c         shadow for vmalloc and module memory, on demand
 * slab.c            SLUB's hooks: cache layout, object alloc and free,
 *                   kmalloc, krealloc, mempool, the quarantine's bound
 * page.c            the page allocator's hooks, large kmalloc, pages in
 *                   reports
 * string.c          checked mem*(), the kasan_check_*() entry points
 */
#ifndef KASAN_KERNEL_H
#define KASAN_KERNEL_H

#include <linux/kasan.h>
#include "kasan_core.h"

/* shadow_init.c: bytes of real shadow and of its page tables. */
extern unsigned long kasan_shadow_bytes;
extern unsigned long kasan_shadow_table_bytes;
void __init kasan_populate_shadow(unsigned long start, unsigned long end,
				  int nid);

/* page.c: is ptr, being freed, a large kmalloc()'s start?  Or a report. */
bool kasan_check_free_large(void *ptr, unsigned long ip);

#endif /* KASAN_KERNEL_H */
