// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each task's fake stack (use-after-return, core/fake_stack.c): where the
 * functions the plugin built with "use-after-return" take their frames,
 * so that a frame outlives its call poisoned.  CONFIG_KASAN_STACK_USE_
 * AFTER_RETURN gives task_struct the field kasan_fake_stack, and the
 * glue's fork patch calls the hooks here:
 *
 *   dup_task_struct()   clears the field the parent's copy brought
 *   copy_process()      kasan_task_fake_stack_alloc() for the new task,
 *                       kasan_task_fake_stack_set_owner() once its pid is
 *                       known
 *   __set_task_comm()   kasan_task_fake_stack_set_owner() again
 *   free_task()         kasan_task_fake_stack_free()
 *   object_is_on_stack()  kasan_object_is_on_fake_stack()
 *
 * The memory is 2^order pages of the page allocator, whose blocks are
 * aligned to their size, as the core finds a frame's stack by masking its
 * address, and lie in the direct map, whose shadow is always there.  A
 * task without one (init_task, which runs early boot and goes on as CPU
 * 0's idle task; a task whose allocation failed; every task with
 * kasan.stack_use_after_return=off) keeps its frames on the real stack.
 * Interrupts, softirqs and NMIs take frames from the task they
 * interrupt: they nest on it as on its real stack.
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/sched/task.h>

#include "kasan_kernel.h"

#ifdef CONFIG_KASAN_STACK_USE_AFTER_RETURN

#define FAKE_STACK_ORDER	get_order(KASAN_FAKE_STACK_SIZE)

/* A new task's, before it first runs: nothing else can see it yet. */
void kasan_task_fake_stack_alloc(struct task_struct *tsk)
{
	struct kasan_fake_stack *fs;

	if (!kasan_fake_stacks_on)
		return;
	/*
	 * A fork must not fail, nor the OOM killer run, for want of one.
	 * Compound, so that a report's page dump shows the whole block.
	 */
	fs = (struct kasan_fake_stack *)__get_free_pages(
		GFP_KERNEL | __GFP_NOWARN | __GFP_NORETRY | __GFP_COMP,
		FAKE_STACK_ORDER);
	if (!fs)
		return;
	kasan_fake_stack_init(fs, task_pid_nr(tsk), tsk->comm);
	/*
	 * set_owner writes no name's character here, only its NUL: a report
	 * reading a name that changes under it stops here.
	 */
	fs->owner_name[sizeof(fs->owner_name) - 1] = '\0';
	tsk->kasan_fake_stack = fs;
}

/*
 * Who reports name as the stack's owner: the pid once copy_process() has
 * one, the name whenever it changes.  Another task may rename tsk
 * (/proc/PID/comm) while a report reads the name: it may print a mix of
 * the two, but no more than the name's bytes (alloc put a NUL last).
 */
void kasan_task_fake_stack_set_owner(struct task_struct *tsk)
{
	if (tsk->kasan_fake_stack)
		kasan_fake_stack_set_owner(tsk->kasan_fake_stack,
					   task_pid_nr(tsk), tsk->comm);
}

/*
 * With the task: nobody runs on it any more.  Its frames are poisoned as
 * returned; unpoisoned first, so that the page allocator's free hook
 * leaves them as any freed page (KASAN_PAGE_FREE), and nothing that
 * touches them on the way (init_on_free) is reported.
 */
void kasan_task_fake_stack_free(struct task_struct *tsk)
{
	struct kasan_fake_stack *fs = tsk->kasan_fake_stack;

	if (!fs)
		return;
	tsk->kasan_fake_stack = NULL;
	kasan_unpoison(fs, KASAN_FAKE_STACK_SIZE);
	free_pages((unsigned long)fs, FAKE_STACK_ORDER);
}

/*
 * A local on current's fake stack is on its stack for object_is_on_stack()
 * (the fork patch): debugobjects checks its on-stack annotations with it,
 * DMA debugging and USB warn of DMA from the stack, the block layer
 * bounces such buffers.  Inline in modules: exported.
 */
bool kasan_object_is_on_fake_stack(const void *obj)
{
	unsigned long fs = (unsigned long)current->kasan_fake_stack;

	return fs && (unsigned long)obj - fs < KASAN_FAKE_STACK_SIZE;
}
EXPORT_SYMBOL(kasan_object_is_on_fake_stack);

/*
 * An idle task that a CPU going online runs again from the start
 * (bringup_cpu()): the frames its last run left claimed (do_idle() down
 * to the CPU's death never returns) are free again.  Never current's:
 * frames of the running code are in use.
 */
void kasan_task_fake_stack_reset(struct task_struct *tsk)
{
	struct kasan_fake_stack *fs = tsk->kasan_fake_stack;

	if (fs && tsk != current)
		kasan_fake_stack_init(fs, task_pid_nr(tsk), tsk->comm);
}

#else /* !CONFIG_KASAN_STACK_USE_AFTER_RETURN */

void kasan_task_fake_stack_reset(struct task_struct *tsk)
{
}

#endif /* CONFIG_KASAN_STACK_USE_AFTER_RETURN */
