// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The alloc and free stacks' walk on x86_64 with the ORC unwinder: the
 * same frames stack_trace_save() gives, for a fraction of its cost.
 *
 * Saving a stack on every slab allocation and free was most of what a
 * KASan kernel cost (bench/kernel).  The kernel's unwinder is general: it
 * walks any task's stack and every exception stack, finds ORC data of
 * modules, ftrace and BPF trampolines, recovers return addresses that
 * kretprobes and the graph tracer replaced, asks get_stack_info() about
 * every stack access, and arch/x86/kernel/unwind_orc.o is itself
 * instrumented, so each step pays for checks too.  The walks KASan makes
 * are of a few kinds: the current task's stack or this CPU's hard-IRQ
 * stack, from the runtime to a system call's entry, a kernel thread's
 * ret_from_fork or an interrupt's return to the stack it interrupted,
 * through the kernel image's functions (its text and init text).  This
 * walk does those and nothing else, reading the same ORC tables the same
 * way (arch/x86/kernel/unwind_orc.c's orc_find() and unwind_next_frame(),
 * for the cases below).  Anything else - a partial register frame, an
 * exception (IST) stack, an address of a module or a trampoline, a
 * return address a tracer replaced, a register it does not follow -
 * gives up, and the caller walks with stack_trace_save() instead
 * (runtime/kernel/stack.c), so a stack is never cut short or guessed.
 * kasan.stackwalk=check runs both on every save and counts where they
 * differ (the kernel glue's test boots do).
 *
 * The walk stops after a function of the IRQ entry sections, where the
 * stack depot cuts every trace it saves (filter_irq_stacks(), called by
 * __stack_depot_save() in 6.1 and stack_depot_save_flags() in 6.12):
 * what lies beyond is never kept.
 */
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/objtool.h>
#include <linux/percpu.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/version.h>
#include <asm/orc_lookup.h>
#include <asm/orc_types.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/sections.h>

#include "kasan_kernel.h"

/* The ORC tables of the image (the linker script's symbols). */
extern int __start_orc_unwind_ip[];
extern int __stop_orc_unwind_ip[];
extern struct orc_entry __start_orc_unwind[];
extern unsigned int orc_lookup[];
extern unsigned int orc_lookup_end[];

/*
 * What differs between the versions the glue has.  An entry's kind:
 * Linux 6.1 has UNWIND_HINT_TYPE_* and an end bit; 6.4 and later have
 * ORC_TYPE_*, with END_OF_STACK a type of its own.  The top of this CPU's
 * hard-IRQ stack (the word above its first push): per-CPU
 * hardirq_stack_ptr, in pcpu_hot from 6.2.
 */
#ifdef ORC_TYPE_CALL
#define ORC_IS_CALL(orc)	((orc)->type == ORC_TYPE_CALL)
#define ORC_IS_REGS(orc)	((orc)->type == ORC_TYPE_REGS)
#define ORC_IS_END(orc)		((orc)->type == ORC_TYPE_END_OF_STACK)
#else
#define ORC_IS_CALL(orc)	((orc)->type == UNWIND_HINT_TYPE_CALL)
#define ORC_IS_REGS(orc)	((orc)->type == UNWIND_HINT_TYPE_REGS)
#define ORC_IS_END(orc)		((orc)->sp_reg == ORC_REG_UNDEFINED && (orc)->end)
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#define HARDIRQ_STACK_PTR	pcpu_hot.hardirq_stack_ptr
#else
#define HARDIRQ_STACK_PTR	hardirq_stack_ptr
#endif

static unsigned long orc_ip(const int *entry)
{
	return (unsigned long)entry + *entry;
}

/* The last entry at or below ip among entries [lo, hi], or NULL. */
static const struct orc_entry *orc_search(unsigned int lo, unsigned int hi,
					  unsigned long ip)
{
	unsigned int found;

	if (orc_ip(&__start_orc_unwind_ip[lo]) > ip)
		return NULL;
	found = lo;
	while (lo <= hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (orc_ip(&__start_orc_unwind_ip[mid]) <= ip) {
			found = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return &__start_orc_unwind[found];
}

static bool in_image_text(unsigned long ip)
{
	return (ip >= (unsigned long)_stext && ip < (unsigned long)_etext) ||
	       (ip >= (unsigned long)_sinittext &&
		ip < (unsigned long)_einittext);
}

/*
 * The entries found for the image's text, by ip: the same few hundred
 * call sites make nearly every walk, and a hit costs a load where the
 * search costs a dozen.  A slot is one word, (ip - _stext) << 32 | index
 * + 1, so a racing reader sees an old pair or a new one, never half of
 * each; the tables do not change after boot.  (Not init text, whose
 * addresses are reused once it is freed.)
 */
#define ORC_CACHE_BITS	10
static u64 orc_cache[1 << ORC_CACHE_BITS];

static const struct orc_entry *orc_of_text(unsigned long ip,
					   unsigned long blocks)
{
	u64 offset = ip - (unsigned long)_stext;
	u64 *slot = &orc_cache[hash_64(offset, ORC_CACHE_BITS)];
	u64 cached = READ_ONCE(*slot);
	const struct orc_entry *orc;
	unsigned int idx;

	if ((cached >> 32) == offset && (u32)cached)
		return &__start_orc_unwind[(u32)cached - 1];
	idx = offset >> LOOKUP_BLOCK_ORDER;
	if (idx + 1 >= blocks)
		return NULL;
	orc = orc_search(orc_lookup[idx], orc_lookup[idx + 1], ip);
	if (orc)
		WRITE_ONCE(*slot, offset << 32 | (orc - __start_orc_unwind + 1));
	return orc;
}

/*
 * The ORC entry of ip in the image's text or init text (NULL for a
 * module's, a trampoline's).  unwind_init() fills orc_lookup[] early in
 * setup_arch(); before that its last block is 0 and there is no entry.
 */
static const struct orc_entry *orc_of(unsigned long ip)
{
	unsigned long blocks = orc_lookup_end - orc_lookup;

	if (!orc_lookup[blocks - 1])
		return NULL;
	if (ip >= (unsigned long)_stext && ip < (unsigned long)_etext)
		return orc_of_text(ip, blocks);
	if (ip >= (unsigned long)_sinittext && ip < (unsigned long)_einittext)
		return orc_search(0, __stop_orc_unwind_ip -
				  __start_orc_unwind_ip - 1, ip);
	return NULL;
}

/*
 * A return address the graph tracer, a kretprobe or a rethook replaced:
 * unwind_recover_ret_addr() finds the real one, this walk does not.
 */
static bool is_trampoline(unsigned long ip)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (ip == (unsigned long)return_to_handler)
		return true;
#endif
#ifdef CONFIG_RETHOOK
	if (is_rethook_trampoline(ip))
		return true;
#endif
	return is_kretprobe_trampoline(ip);
}

/* Where the stack depot cuts a trace: after the first such function. */
static bool in_irq_entry(unsigned long ip)
{
	return (ip >= (unsigned long)__irqentry_text_start &&
		ip < (unsigned long)__irqentry_text_end) ||
	       (ip >= (unsigned long)__softirqentry_text_start &&
		ip < (unsigned long)__softirqentry_text_end);
}

enum stack_kind { STACK_NONE, STACK_TASK, STACK_HARDIRQ };
enum step { STEP_NEXT, STEP_END, STEP_GIVE_UP };

struct frame {
	unsigned long ip, sp, bp;
	bool signal;			/* ip is where it stopped, not a return */
	enum stack_kind kind;		/* the stack sp is on */
	unsigned long stack_lo, stack_hi;
};

/* Which of the two stacks addr is on: the task's, the hard-IRQ one. */
static enum stack_kind stack_of(struct frame *f, unsigned long addr)
{
	unsigned long lo = (unsigned long)task_stack_page(current);
	unsigned long top = (unsigned long)__this_cpu_read(HARDIRQ_STACK_PTR) + 8;

	if (addr >= lo && addr < lo + THREAD_SIZE) {
		f->stack_lo = lo;
		f->stack_hi = lo + THREAD_SIZE;
		return STACK_TASK;
	}
	if (addr >= top - IRQ_STACK_SIZE && addr < top) {
		f->stack_lo = top - IRQ_STACK_SIZE;
		f->stack_hi = top;
		return STACK_HARDIRQ;
	}
	return STACK_NONE;
}

static __always_inline bool read_stack(const struct frame *f,
				       unsigned long addr, unsigned long *val)
{
	if (addr < f->stack_lo || addr > f->stack_hi - sizeof(long))
		return false;
	*val = READ_ONCE_NOCHECK(*(unsigned long *)addr);
	return true;
}

/*
 * The caller's stack pointer (the frame's CFA), as unwind_next_frame()
 * finds it; 0 when this walk does not follow the register.  The IRQ
 * stack's bottom frame finds it indirectly, on the stack it came from.
 */
static unsigned long find_cfa(struct frame *f, const struct orc_entry *orc)
{
	unsigned long cfa, prev_sp = f->sp;
	enum stack_kind prev = f->kind;

	switch (orc->sp_reg) {
	case ORC_REG_SP:
		cfa = f->sp + orc->sp_offset;
		break;
	case ORC_REG_BP:
		cfa = f->bp + orc->sp_offset;
		break;
	case ORC_REG_SP_INDIRECT:
		if (!read_stack(f, f->sp, &cfa))
			return 0;
		cfa += orc->sp_offset;
		break;
	case ORC_REG_BP_INDIRECT:
		if (!read_stack(f, f->bp + orc->sp_offset, &cfa))
			return 0;
		break;
	default:
		return 0;
	}
	/* Most frames are on the stack of the frame before. */
	if (cfa < f->stack_lo || cfa >= f->stack_hi)
		f->kind = stack_of(f, cfa);
	/*
	 * Up the same stack (a register frame may be right at sp: a system
	 * call's), or from the IRQ stack to the task's.
	 */
	if (f->kind == prev ?
	    cfa < prev_sp || (cfa == prev_sp && !ORC_IS_REGS(orc)) :
	    !(prev == STACK_HARDIRQ && f->kind == STACK_TASK))
		return 0;
	return cfa;
}

/*
 * A whole register frame at regs: an interrupt or an exception on the
 * task's stack in the kernel continues at its ip and sp, further up the
 * task's stack (*regs_bp is its bp); user mode ends the walk.
 */
static enum step regs_frame(struct frame *f, unsigned long regs,
			    unsigned long *regs_bp)
{
	unsigned long cs, sp;

	if (!read_stack(f, regs + offsetof(struct pt_regs, cs), &cs))
		return STEP_GIVE_UP;
	if (cs & 3)
		return STEP_END;
	if (!read_stack(f, regs + offsetof(struct pt_regs, ip), &f->ip) ||
	    !read_stack(f, regs + offsetof(struct pt_regs, bp), regs_bp) ||
	    !read_stack(f, regs + offsetof(struct pt_regs, sp), &sp) ||
	    f->kind != STACK_TASK || sp <= regs || is_trampoline(f->ip))
		return STEP_GIVE_UP;
	f->sp = sp;
	f->signal = true;
	return STEP_NEXT;
}

/* A call frame: the return address below the caller's stack pointer. */
static enum step call_frame(struct frame *f, unsigned long cfa)
{
	if (!read_stack(f, cfa - sizeof(long), &f->ip) || is_trampoline(f->ip))
		return STEP_GIVE_UP;
	f->sp = cfa;
	f->signal = false;
	return STEP_NEXT;
}

/*
 * One frame up, as unwind_next_frame() does for CALL and REGS entries:
 * the caller's stack pointer, then its ip (and sp), then its bp.
 */
static enum step step_up(struct frame *f)
{
	const struct orc_entry *orc = orc_of(f->signal ? f->ip : f->ip - 1);
	unsigned long cfa, bp = f->bp, regs_bp = 0;
	enum step step;

	if (!orc)
		return STEP_GIVE_UP;
	if (ORC_IS_END(orc))
		return STEP_END;
	if (!ORC_IS_CALL(orc) && !ORC_IS_REGS(orc))
		return STEP_GIVE_UP;
	cfa = find_cfa(f, orc);
	if (!cfa)
		return STEP_GIVE_UP;
	step = ORC_IS_REGS(orc) ? regs_frame(f, cfa, &regs_bp) :
				  call_frame(f, cfa);
	if (step != STEP_NEXT)
		return step;
	switch (orc->bp_reg) {
	case ORC_REG_UNDEFINED:
		/* Unchanged by a call; a register frame has it. */
		if (ORC_IS_REGS(orc))
			f->bp = regs_bp;
		return STEP_NEXT;
	case ORC_REG_PREV_SP:
		return read_stack(f, cfa + orc->bp_offset, &f->bp) ?
			STEP_NEXT : STEP_GIVE_UP;
	case ORC_REG_BP:
		return read_stack(f, bp + orc->bp_offset, &f->bp) ?
			STEP_NEXT : STEP_GIVE_UP;
	default:
		return STEP_GIVE_UP;
	}
}

/*
 * The return addresses from the caller's frame up, at most max, up to the
 * first in the IRQ entry sections; -1 when the walk gives up (the caller
 * then uses stack_trace_save()).  The first entry is in the caller, as
 * stack_trace_save()'s is.
 */
noinline int kasan_arch_walk_stack(unsigned long *entries, unsigned int max)
{
	struct frame f = { .signal = false };
	unsigned int n = 0;

	asm volatile("lea (%%rip), %0\n\t"
		     "mov %%rsp, %1\n\t"
		     "mov %%rbp, %2\n\t"
		     : "=r" (f.ip), "=r" (f.sp), "=r" (f.bp));
	f.kind = stack_of(&f, f.sp);
	if (f.kind == STACK_NONE)
		return -1;	/* an exception's stack, an entry stack */
	while (n < max) {
		switch (step_up(&f)) {
		case STEP_NEXT:
			break;
		case STEP_END:
			return n;
		default:
			return -1;
		}
		/* unwind_get_return_address(): the image's text only here. */
		if (!in_image_text(f.ip))
			return -1;
		entries[n++] = f.ip;
		if (in_irq_entry(f.ip))
			return n;
	}
	return n;
}
