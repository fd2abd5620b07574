// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What compilers ask of the runtime beyond checks: the redzones of
 * globals (__asan_register_globals, called by each unit's constructor),
 * those of allocas and VLAs, and the unpoisoning of abandoned frames
 * before a noreturn call.
 */
#include "kasan_core.h"

void __asan_register_globals(struct kasan_global *globals, size_t n);
void __asan_unregister_globals(struct kasan_global *globals, size_t n);
void __asan_alloca_poison(unsigned long addr, size_t size);
void __asan_allocas_unpoison(const void *stack_top, const void *stack_bottom);
void __asan_handle_no_return(void);

/*
 * The global itself is accessible (a partial last granule gets its byte
 * count), the rest of size_with_redzone is redzone.  A compiler places
 * the global at a granule boundary, which is what kasan_poison() needs.
 */
void kasan_register_global(const struct kasan_global *global)
{
	size_t used = kasan_round_up(global->size, KASAN_GRANULE_SIZE);

	kasan_unpoison(global->beg, global->size);
	if (global->size_with_redzone > used)
		kasan_poison((const char *)global->beg + used,
			     global->size_with_redzone - used,
			     KASAN_GLOBAL_REDZONE);
}

void __asan_register_globals(struct kasan_global *globals, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		kasan_register_global(&globals[i]);
}
KASAN_EXPORT(__asan_register_globals);

/*
 * A module's globals go away with its memory, whose shadow the page
 * allocator resets; nothing to undo here.
 */
void __asan_unregister_globals(struct kasan_global *globals, size_t n)
{
}
KASAN_EXPORT(__asan_unregister_globals);

/*
 * An alloca of size bytes at addr, which the compiler aligned to 32 and
 * surrounded by 32-byte redzones: the left one before it, the right one
 * from the end of its last granule to the next 32-byte boundary plus 32.
 * The alloca's own whole granules are accessible already.
 */
void __asan_alloca_poison(unsigned long addr, size_t size)
{
	size_t whole = kasan_round_down(size, KASAN_GRANULE_SIZE);
	size_t used = kasan_round_up(size, KASAN_GRANULE_SIZE);
	size_t right = kasan_round_up(size, KASAN_ALLOCA_REDZONE_SIZE) - used +
		       KASAN_ALLOCA_REDZONE_SIZE;

	kasan_poison((void *)(addr - KASAN_ALLOCA_REDZONE_SIZE),
		     KASAN_ALLOCA_REDZONE_SIZE, KASAN_ALLOCA_LEFT);
	kasan_unpoison((void *)(addr + whole), size - whole);
	kasan_poison((void *)(addr + used), right, KASAN_ALLOCA_RIGHT);
}
KASAN_EXPORT(__asan_alloca_poison);

/* The allocas of a frame being left: [stack_top, stack_bottom). */
void __asan_allocas_unpoison(const void *stack_top, const void *stack_bottom)
{
	if (!stack_top || stack_top > stack_bottom)
		return;
	kasan_unpoison(stack_top, (const char *)stack_bottom -
				  (const char *)stack_top);
}
KASAN_EXPORT(__asan_allocas_unpoison);

/*
 * A noreturn call (longjmp(), exit paths) leaves the frames above it
 * without running their epilogues, which would have cleared their
 * redzones.  Clear the shadow of the stack from here up, so that frames
 * built later over that memory see none of the stale poison (the frames
 * above lose their redzones, but they never run again).  Off the
 * task's stack (an interrupt stack in the kernel), nothing is cleared.
 */
void __asan_handle_no_return(void)
{
	unsigned long lo, hi;
	unsigned long sp = (unsigned long)__builtin_frame_address(0);

	if (!kasan_plat_current_stack(&lo, &hi) || sp < lo || sp >= hi)
		return;
	sp = kasan_round_down(sp, KASAN_GRANULE_SIZE);
	kasan_unpoison((void *)sp, hi - sp);
}
KASAN_EXPORT(__asan_handle_no_return);
