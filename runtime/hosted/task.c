// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The current task is the current thread: its name is the thread's comm
 * (prctl(PR_GET_NAME)), as the kernel prints it, its pid the thread id.
 * Also its report depth, and the bounds of its stack.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hosted.h"

extern void *__libc_stack_end;

static __thread int task_depth;
static __thread uint32_t task_tid;
static __thread char task_name[16];
static __thread unsigned long stack_lo, stack_hi;

/* The main thread's stack, found once: pthread_getattr_np() reads maps. */
static unsigned long main_lo, main_hi;

const char *kasan_plat_task_name(void)
{
	if (prctl(PR_GET_NAME, task_name) < 0)
		task_name[0] = '\0';
	return task_name;
}

uint32_t kasan_plat_task_pid(void)
{
	if (kasan_unlikely(!task_tid))
		task_tid = gettid();
	return task_tid;
}

int *kasan_plat_task_depth(void)
{
	return &task_depth;
}

/* The forking thread is another task in the child. */
void kasan_hosted_task_after_fork(void)
{
	task_tid = 0;
}

/*
 * The main thread's stack: the mapping around __libc_stack_end, which can
 * grow down to the stack rlimit.
 */
void kasan_hosted_task_init(void)
{
	unsigned long start, end, limit = 1UL << 30;
	struct rlimit rl;

	if (!kasan_hosted_find_mapping((unsigned long)__libc_stack_end,
				       &start, &end))
		return;
	if (!getrlimit(RLIMIT_STACK, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < limit)
		limit = rl.rlim_cur;
	main_hi = end;
	main_lo = end - limit < start ? end - limit : start;
	pthread_atfork(NULL, NULL, kasan_hosted_task_after_fork);
}

/*
 * The bounds of the current thread's stack, found once per thread.
 * pthread_getattr_np() calls realloc(), whose stack trace asks for the
 * bounds again: that inner call gets none.
 */
bool kasan_hosted_stack_bounds(unsigned long *lo, unsigned long *hi)
{
	static __thread bool finding;
	unsigned long sp = (unsigned long)__builtin_frame_address(0);

	if (kasan_unlikely(!stack_hi)) {
		if (finding)
			return false;
		finding = true;
		pthread_attr_t attr;
		void *addr;
		size_t size;

		if (sp >= main_lo && sp < main_hi) {
			stack_lo = main_lo;
			stack_hi = main_hi;
		} else if (!pthread_getattr_np(pthread_self(), &attr)) {
			if (!pthread_attr_getstack(&attr, &addr, &size)) {
				stack_lo = (unsigned long)addr;
				stack_hi = stack_lo + size;
			}
			pthread_attr_destroy(&attr);
		}
		finding = false;
		if (!stack_hi)
			return false;
	}
	*lo = stack_lo;
	*hi = stack_hi;
	return true;
}
