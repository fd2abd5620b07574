/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The hosted platform's definitions for the runtime core: user-space
 * x86_64 Linux with glibc.
 *
 * Memory layout (the user half of the address space is [0, 1 << 47)):
 *
 *   [0, 0x1000)                   the null page; its shadow says
 *                                 KASAN_NULL_PAGE, reports say null-ptr-deref
 *   [0x1000, 0x7fff8000)          low memory (non-PIE binaries, brk heap)
 *   [0x7fff8000, 0x8fff7000)      shadow of low memory
 *   [0x8fff7000, 0x02008fff7000)  the shadow gap, PROT_NONE: the shadow of
 *                                 the shadow, so touching it faults
 *   [0x02008fff7000, 0x10007fff8000)  shadow of high memory
 *   [0x10007fff8000, 0x800000000000)  high memory (PIE, mmap, stacks)
 *
 * This is the layout of GCC's default user-space shadow offset on x86_64,
 * so native -fsanitize=kernel-address code without -fasan-shadow-offset
 * works with it too.  The build reads KASAN_SHADOW_OFFSET from this file
 * for kasan-cc --hosted: keep the definition on one line, as it is.
 */
#ifndef KASAN_PLATFORM_H
#define KASAN_PLATFORM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#define KASAN_SHADOW_OFFSET 0x7fff8000UL

#define KASAN_HOSTED_NULL_END		0x1000UL
#define KASAN_HOSTED_USER_END		0x800000000000UL

/* A thread's fake stack: 2048 frames of 64 bytes ... 32 of 4 KiB. */
#define KASAN_FAKE_STACK_SIZE		(1UL << 20)
/* The shadow of all of user space: [offset, shadow(USER_END)). */
#define KASAN_HOSTED_SHADOW_START	KASAN_SHADOW_OFFSET
#define KASAN_HOSTED_SHADOW_END \
	((KASAN_HOSTED_USER_END >> 3) + KASAN_SHADOW_OFFSET)

#define kasan_likely(x)		__builtin_expect(!!(x), 1)
#define kasan_unlikely(x)	__builtin_expect(!!(x), 0)

/* Everything is in the executable; nothing to export.  Eats the ';'. */
#define KASAN_EXPORT(sym)	extern __typeof__(sym) sym

/*
 * A spinlock on an int: no pthread, usable from malloc before libpthread
 * state exists.  Not recursive.
 */
typedef struct {
	int locked;
} kasan_lock_t;

#define KASAN_LOCK_INITIALIZER	{ 0 }

/*
 * Everything in user space has shadow, except the null page and the
 * shadow (and gap) itself, whose shadow is the PROT_NONE gap.
 */
static inline bool kasan_plat_addr_has_shadow(unsigned long addr)
{
	return addr >= KASAN_HOSTED_NULL_END &&
	       addr < KASAN_HOSTED_USER_END &&
	       (addr < KASAN_HOSTED_SHADOW_START ||
		addr >= KASAN_HOSTED_SHADOW_END);
}

/*
 * The current thread's fake stack (fake_stack.c), mapped when the thread
 * first asks.
 */
struct kasan_fake_stack;
extern __thread struct kasan_fake_stack *kasan_hosted_fake_stack;
struct kasan_fake_stack *kasan_hosted_fake_stack_first(void);

static inline struct kasan_fake_stack *kasan_plat_fake_stack(void)
{
	if (kasan_likely(kasan_hosted_fake_stack != NULL))
		return kasan_hosted_fake_stack;
	return kasan_hosted_fake_stack_first();
}

/* User space has no user-access regions to leave for a report. */
static inline unsigned long kasan_plat_report_enter(void)
{
	return 0;
}

static inline void kasan_plat_report_exit(unsigned long entry)
{
	(void)entry;
}

#endif /* KASAN_PLATFORM_H */
