// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Stacks left without returning.  An instrumented frame poisons its
 * redzones on entry and clears them on return; a frame that never returns
 * (longjmp() over it, a context switch that never comes back, a cancelled
 * thread) leaves its poison behind, and a later frame built over that
 * memory, or code that is not instrumented, then gets a false report.
 *
 * The rule used everywhere here: when execution resumes at stack pointer
 * T on some stack, every byte of that stack below T is dead, so its shadow
 * is cleared: from our own stack pointer when we are on the same stack
 * (a jump up the stack), from the stack's low end when we come from
 * another one.  For that the runtime needs to know the stacks:
 *
 *   the thread's own stack      task.c
 *   its alternate signal stack  sigaltstack(), interposed and asked
 *   context stacks              makecontext(), interposed: a registry
 *
 * and the places where execution resumes elsewhere: longjmp() and its
 * variants (the target stack pointer read from the jmp_buf), setcontext()
 * and swapcontext() (from the ucontext), and the start of a thread (its
 * stack may be a cached one that a cancelled thread left poisoned).
 *
 * Before a jump, __asan_handle_no_return (runtime/core/globals.c) clears
 * the current stack from the stack pointer up, on whichever of these
 * stacks we are: the frames above are left for good.  The price, as with
 * GCC's and LLVM's ASan: frames that a jump suspends rather than abandons
 * (coroutines switched by longjmp()) lose their redzones, never a false
 * report.
 *
 * Only the program's own calls are interposed (the runtime is linked
 * into the executable); a jump made inside a shared library is not seen.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "hosted.h"
#include "switch_arch.h"

/* runtime/core/globals.c: clear the current stack from here up. */
void __asan_handle_no_return(void);

struct stack_range {
	unsigned long lo, hi;
};

static unsigned long current_sp(void)
{
	return (unsigned long)__builtin_frame_address(0);
}

static bool range_has(const struct stack_range *r, unsigned long addr)
{
	return r->hi && addr >= r->lo && addr < r->hi;
}

/* ---- the shadow of dead stack ---------------------------------------- */

/*
 * Shadow bytes from which on clearing gives whole pages back to the
 * kernel (which reads them as zeroes again) rather than writing them: a
 * coroutine's stack is cleared on every switch to it, and a page given
 * back costs a fault when the next frames poison it again.
 */
#define CLEAR_BY_MADVISE	(64 * KASAN_PAGE_SIZE)

/*
 * Clear the shadow of [lo, hi), which can be a whole thread stack (a
 * megabyte of shadow and more).
 */
static void clear_dead_stack(unsigned long lo, unsigned long hi)
{
	unsigned long s_lo, s_hi, p_lo, p_hi;

	lo = kasan_round_down(lo, KASAN_GRANULE_SIZE);
	hi = kasan_round_down(hi, KASAN_GRANULE_SIZE);
	if (lo >= hi || !kasan_plat_addr_has_shadow(lo) ||
	    !kasan_plat_addr_has_shadow(hi - 1))
		return;
	s_lo = (unsigned long)kasan_shadow_of((void *)lo);
	s_hi = (unsigned long)kasan_shadow_of((void *)hi);
	p_lo = kasan_round_up(s_lo, KASAN_PAGE_SIZE);
	p_hi = kasan_round_down(s_hi, KASAN_PAGE_SIZE);
	if (p_hi <= p_lo || p_hi - p_lo < CLEAR_BY_MADVISE ||
	    madvise((void *)p_lo, p_hi - p_lo, MADV_DONTNEED)) {
		kasan_hosted_memset((void *)s_lo, 0, s_hi - s_lo);
		return;
	}
	kasan_hosted_memset((void *)s_lo, 0, p_lo - s_lo);
	kasan_hosted_memset((void *)p_hi, 0, s_hi - p_hi);
}

/* ---- the known stacks ------------------------------------------------ */

/* The alternate signal stack the program last set on this thread. */
static __thread struct stack_range alt_stack;

/*
 * Context stacks, as makecontext() was given them, for all threads (a
 * context may be resumed by another thread).  A stack made again
 * replaces every entry it overlaps; when full, the oldest goes.
 */
#define CONTEXT_STACKS 256

static struct stack_range context_stacks[CONTEXT_STACKS];
static unsigned int context_next;
static kasan_lock_t context_lock = KASAN_LOCK_INITIALIZER;

static void context_stack_add(unsigned long lo, unsigned long hi)
{
	unsigned long flags = kasan_plat_lock(&context_lock);
	unsigned int i, slot = CONTEXT_STACKS;

	for (i = 0; i < CONTEXT_STACKS; i++) {
		struct stack_range *r = &context_stacks[i];

		if (r->hi && r->lo < hi && lo < r->hi) {
			r->lo = r->hi = 0;
			if (slot == CONTEXT_STACKS)
				slot = i;
		}
	}
	if (slot == CONTEXT_STACKS)
		slot = context_next++ % CONTEXT_STACKS;
	context_stacks[slot].lo = lo;
	context_stacks[slot].hi = hi;
	kasan_plat_unlock(&context_lock, flags);
}

static bool context_stack_find(unsigned long addr, struct stack_range *out)
{
	unsigned long flags = kasan_plat_lock(&context_lock);
	bool found = false;

	for (unsigned int i = 0; i < CONTEXT_STACKS && !found; i++) {
		if (range_has(&context_stacks[i], addr)) {
			*out = context_stacks[i];
			found = true;
		}
	}
	kasan_plat_unlock(&context_lock, flags);
	return found;
}

/* The kernel's idea of the alternate stack, for one set up elsewhere. */
static bool alt_stack_asked(unsigned long addr, struct stack_range *out)
{
	static int (*real_sigaltstack)(const stack_t *, stack_t *);
	stack_t ss;

	if (!real_sigaltstack)
		real_sigaltstack = dlsym(RTLD_NEXT, "sigaltstack");
	if (!real_sigaltstack || real_sigaltstack(NULL, &ss) ||
	    (ss.ss_flags & SS_DISABLE))
		return false;
	out->lo = (unsigned long)ss.ss_sp;
	out->hi = out->lo + ss.ss_size;
	return range_has(out, addr);
}

/* The stack that holds addr, of those the runtime knows. */
static bool stack_of(unsigned long addr, struct stack_range *out)
{
	if (kasan_hosted_stack_bounds(&out->lo, &out->hi) &&
	    range_has(out, addr))
		return true;
	if (range_has(&alt_stack, addr)) {
		*out = alt_stack;
		return true;
	}
	return context_stack_find(addr, out) || alt_stack_asked(addr, out);
}

/*
 * The stack we run on: the thread's, its alternate signal stack or a
 * context stack.  On none of them (a stack the runtime was never told
 * of), the thread's, which does not hold the stack pointer: callers such
 * as __asan_handle_no_return then leave the shadow alone.
 */
bool kasan_plat_current_stack(unsigned long *lo, unsigned long *hi)
{
	struct stack_range r;

	if (!stack_of(current_sp(), &r))
		return kasan_hosted_stack_bounds(lo, hi);
	*lo = r.lo;
	*hi = r.hi;
	return true;
}

/*
 * Execution goes on at stack pointer target: the part of its stack below
 * target is dead.  From our own stack pointer if we are on that stack
 * below target, else from the stack's low end.
 */
static void resume_at(unsigned long target)
{
	struct stack_range r;
	unsigned long sp = current_sp();

	if (!target || !stack_of(target, &r))
		return;
	if (sp >= r.lo && sp < target)
		clear_dead_stack(sp, target);
	else if (!(sp >= r.lo && sp < r.hi))
		clear_dead_stack(r.lo, target);
}

/* ---- the interposed functions ---------------------------------------- */

/* The next definition of name, libc's; the program cannot go on without. */
static void *real(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn)
		kasan_hosted_fatal("kasan: no %s() to call: %s\n", name,
				   dlerror());
	return fn;
}

/* libc's name(), of the type of ours, looked up once. */
#define REAL(name) ({							\
	static __typeof__(&name) real_##name;				\
	if (!real_##name)						\
		real_##name = (__typeof__(&name))real(#name);		\
	real_##name;							\
})

/* Not declared by <setjmp.h>. */
void __longjmp_chk(struct __jmp_buf_tag env[1], int val)
	__attribute__((noreturn));

static void before_jump(struct __jmp_buf_tag env[1])
{
	__asan_handle_no_return();
	resume_at(kasan_switch_jmp_buf_sp(env->__jmpbuf));
}

void longjmp(struct __jmp_buf_tag env[1], int val)
{
	before_jump(env);
	REAL(longjmp)(env, val);
	__builtin_unreachable();
}

void _longjmp(struct __jmp_buf_tag env[1], int val)
{
	before_jump(env);
	REAL(_longjmp)(env, val);
	__builtin_unreachable();
}

void siglongjmp(struct __jmp_buf_tag env[1], int val)
{
	before_jump(env);
	REAL(siglongjmp)(env, val);
	__builtin_unreachable();
}

/* longjmp() of -D_FORTIFY_SOURCE programs. */
void __longjmp_chk(struct __jmp_buf_tag env[1], int val)
{
	before_jump(env);
	REAL(__longjmp_chk)(env, val);
	__builtin_unreachable();
}

/*
 * setcontext() never comes back: we leave our frames as a jump would.
 * swapcontext() saves them in oucp, to be resumed: they stay as they are.
 */
int setcontext(const ucontext_t *ucp)
{
	__asan_handle_no_return();
	resume_at(kasan_switch_ucontext_sp(ucp));
	return REAL(setcontext)(ucp);
}

int swapcontext(ucontext_t *oucp, const ucontext_t *ucp)
{
	resume_at(kasan_switch_ucontext_sp(ucp));
	return REAL(swapcontext)(oucp, ucp);
}

/*
 * makecontext()'s arguments are variadic and cannot be passed on as
 * such: its functions take int arguments (glibc reads them as longs, as
 * many as argc), so they are passed on as MAKECONTEXT_ARGS longs, the
 * ones past argc unread.
 */
#define MAKECONTEXT_ARGS 16

void makecontext(ucontext_t *ucp, void (*fn)(void), int argc, ...)
{
	long a[MAKECONTEXT_ARGS] = { 0 };
	unsigned long lo = (unsigned long)ucp->uc_stack.ss_sp;
	unsigned long hi = lo + ucp->uc_stack.ss_size;
	va_list ap;

	if (argc < 0 || argc > MAKECONTEXT_ARGS)
		kasan_hosted_fatal("kasan: makecontext() with %d arguments:"
				   " at most %d are supported\n", argc,
				   MAKECONTEXT_ARGS);
	va_start(ap, argc);
	for (int i = 0; i < argc; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	/*
	 * Known, the stack gets cleared below the context's stack pointer
	 * when the context is switched to, whatever ran there before.
	 */
	if (lo < hi)
		context_stack_add(lo, hi);
	REAL(makecontext)(ucp, fn, argc, a[0], a[1], a[2], a[3], a[4], a[5],
			  a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13],
			  a[14], a[15]);
}

int sigaltstack(const stack_t *ss, stack_t *old)
{
	int ret = REAL(sigaltstack)(ss, old);

	if (ret || !ss)
		return ret;
	if (ss->ss_flags & SS_DISABLE) {
		alt_stack.lo = alt_stack.hi = 0;
		return ret;
	}
	alt_stack.lo = (unsigned long)ss->ss_sp;
	alt_stack.hi = alt_stack.lo + ss->ss_size;
	return ret;
}

/*
 * A new thread may get the stack of one that ended without returning
 * through its frames (pthread_cancel(), pthread_exit() from code that is
 * not instrumented): glibc caches thread stacks.  Below the new thread's
 * first frame, everything is dead.
 */
struct thread_start {
	void *(*fn)(void *);
	void *arg;
};

static void *thread_start(void *p)
{
	struct thread_start start = *(struct thread_start *)p;
	unsigned long lo, hi, sp = current_sp();

	free(p);
	if (kasan_hosted_stack_bounds(&lo, &hi) && sp > lo && sp <= hi)
		clear_dead_stack(lo, sp);
	return start.fn(start.arg);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
		   void *(*fn)(void *), void *arg)
{
	struct thread_start *start = malloc(sizeof(*start));
	int ret;

	if (!start)
		return EAGAIN;
	start->fn = fn;
	start->arg = arg;
	ret = REAL(pthread_create)(thread, attr, thread_start, start);
	if (ret)
		free(start);
	return ret;
}
