// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each thread's fake stack (use-after-return, core/fake_stack.c): mapped
 * the first time one of its functions asks for a frame, aligned to its
 * size, unmapped when the thread exits.  Signal handlers share their
 * thread's, as interrupts share their task's in the kernel; a forked
 * child goes on with a copy of its forking thread's.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/mman.h>

#include "hosted.h"

__thread struct kasan_fake_stack *kasan_hosted_fake_stack;
/* Mapping one now (a signal handler must not map a second), or gone. */
static __thread bool no_new_fake_stack;

static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/*
 * At thread exit: its memory may become another thread's stack, whose
 * shadow must read accessible, so unpoison before unmapping.  Destructors
 * that run after this one keep their real frames.
 */
static void unmap_fake_stack(void *fs)
{
	kasan_unpoison(fs, KASAN_FAKE_STACK_SIZE);
	munmap(fs, KASAN_FAKE_STACK_SIZE);
	kasan_hosted_fake_stack = NULL;
	no_new_fake_stack = true;
}

static void make_exit_key(void)
{
	if (pthread_key_create(&exit_key, unmap_fake_stack))
		exit_key = (pthread_key_t)-1;
}

/* Twice the size, then the aligned part kept and the rest unmapped. */
static struct kasan_fake_stack *map_aligned(void)
{
	unsigned long size = KASAN_FAKE_STACK_SIZE, start, aligned;
	void *p = mmap(NULL, 2 * size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	start = (unsigned long)p;
	aligned = kasan_round_up(start, size);
	if (aligned > start)
		munmap(p, aligned - start);
	munmap((void *)(aligned + size), start + size - aligned);
	return (struct kasan_fake_stack *)aligned;
}

static struct kasan_fake_stack *create_fake_stack(void)
{
	struct kasan_fake_stack *fs;

	no_new_fake_stack = true;
	kasan_hosted_ensure_shadow();
	pthread_once(&exit_key_once, make_exit_key);
	fs = map_aligned();
	if (fs && (exit_key == (pthread_key_t)-1 ||
		   pthread_setspecific(exit_key, fs))) {
		munmap(fs, KASAN_FAKE_STACK_SIZE);
		fs = NULL;
	}
	if (fs) {
		kasan_fake_stack_init(fs, kasan_plat_task_pid(),
				      kasan_plat_task_name());
		kasan_hosted_fake_stack = fs;
		no_new_fake_stack = false;
	}
	return fs;
}

/* kasan_plat_fake_stack() of a thread that has none yet. */
struct kasan_fake_stack *kasan_hosted_fake_stack_first(void)
{
	if (no_new_fake_stack || !kasan_hosted_started)
		return NULL;
	return create_fake_stack();
}
