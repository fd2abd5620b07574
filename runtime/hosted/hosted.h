/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the files of the hosted platform share among themselves; the core
 * never sees this.
 *
 * init.c      the shadow mapping and the start-up order
 * options.c   KASAN_OPTIONS
 * platform.c  output, locks, report begin/end, exit status
 * task.c      the current thread: name, tid, report depth, stack bounds
 * fake_stack.c each thread's fake stack (use-after-return)
 * switch.c    stacks left without returning: longjmp(), contexts,
 *             the alternate signal stack, thread start
 * stack.c     stack traces and the stack depot
 * unwind.c    the fast unwinder stack.c tries first
 * symbolize.c addresses as "func+0x1c/0x40", globals
 * malloc.c    the allocator (malloc-16 ... malloc-large)
 * string.c    checked mem*() and str*()
 */
#ifndef KASAN_HOSTED_H
#define KASAN_HOSTED_H

#include "kasan_core.h"

#define KASAN_RET_IP	((unsigned long)__builtin_return_address(0))
#define KASAN_PAGE_SIZE	4096UL

/* init.c */
extern bool kasan_hosted_shadow_ready;
extern bool kasan_hosted_started;
void kasan_hosted_init_shadow(void);

static inline void kasan_hosted_ensure_shadow(void)
{
	if (kasan_unlikely(!__atomic_load_n(&kasan_hosted_shadow_ready,
					    __ATOMIC_ACQUIRE)))
		kasan_hosted_init_shadow();
}

/* options.c */
struct kasan_hosted_options {
	int exitcode;
	size_t quarantine_size;
	int log_fd;		/* -1: stderr only */
};

extern struct kasan_hosted_options kasan_hosted_options;
void kasan_hosted_parse_options(char **envp);

/* platform.c */
void kasan_hosted_write(const char *buf, size_t len);
void kasan_hosted_fatal(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
void kasan_hosted_exit_init(void);

/* task.c */
void kasan_hosted_task_init(void);
bool kasan_hosted_stack_bounds(unsigned long *lo, unsigned long *hi);
void kasan_hosted_task_after_fork(void);

/* stack.c: is ip in the runtime's own code (section kasan_text)? */
bool kasan_hosted_ip_in_runtime(unsigned long ip);
extern kasan_lock_t kasan_hosted_depot_lock;

/* unwind.c */
bool kasan_hosted_unwind_fast(unsigned long *frames, unsigned int max,
			      bool keep_entry, unsigned int *count);
extern kasan_lock_t kasan_hosted_unwind_lock;

/* symbolize.c */
void kasan_hosted_symbolize_return(unsigned long ip, char *buf, size_t size);
bool kasan_hosted_describe_mapping(unsigned long addr);
bool kasan_hosted_find_mapping(unsigned long addr, unsigned long *start,
			       unsigned long *end);

/* malloc.c */
void *kasan_hosted_alloc(size_t size, size_t align, unsigned long ip);
bool kasan_hosted_describe_heap(unsigned long addr);
void kasan_hosted_malloc_atfork_init(void);

/* string.c: the unchecked work, for the runtime itself */
void *kasan_hosted_memcpy(void *dst, const void *src, size_t n);
void *kasan_hosted_memmove(void *dst, const void *src, size_t n);
void *kasan_hosted_memset(void *dst, int c, size_t n);
size_t kasan_hosted_strlen(const char *s);

#endif /* KASAN_HOSTED_H */
