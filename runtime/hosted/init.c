// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Start-up of the hosted runtime: the shadow mapping, before any
 * instrumented code runs, and the rest of the set-up once libc works.
 *
 * The shadow is mapped by whichever comes first: the first malloc()
 * (ld.so and libc allocate before any constructor runs) or the
 * executable's .preinit_array, which runs before the constructors of
 * every shared library.  The options, the SIGSEGV hint and the exit
 * status handler wait for .preinit_array, where libc is initialised and
 * the environment is passed in.
 *
 * Also here: the bug type of addresses without shadow, and a SIGSEGV
 * handler that decodes a fault of an inline check's shadow load into the
 * address the program used, as the kernel's kasan_non_canonical_hook().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "hosted.h"

bool kasan_hosted_shadow_ready;
bool kasan_hosted_started;

static kasan_lock_t init_lock = KASAN_LOCK_INITIALIZER;

#define SHADOW(addr)	((unsigned long)kasan_shadow_of((void *)(addr)))

/* The three parts of the shadow region (kasan_platform.h). */
#define LOW_SHADOW_START	SHADOW(0)
#define LOW_SHADOW_END		SHADOW(KASAN_HOSTED_SHADOW_START)
#define HIGH_SHADOW_START	SHADOW(KASAN_HOSTED_SHADOW_END)
#define HIGH_SHADOW_END		SHADOW(KASAN_HOSTED_USER_END)

static const char *errno_text(int err)
{
	switch (err) {
	case EEXIST:
		return "the range is already in use";
	case ENOMEM:
		return "out of memory or address space (ulimit -v?)";
	case EINVAL:
		return "invalid argument";
	case EPERM:
		return "not permitted";
	}
	return "mmap failed";
}

static void map_range(unsigned long start, unsigned long end, int prot,
		      const char *what)
{
	void *want = (void *)start;
	void *p;

	p = mmap(want, end - start, prot, MAP_PRIVATE | MAP_ANONYMOUS |
		 MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == want)
		return;
	/* Kernels before 4.17 take MAP_FIXED_NOREPLACE as a mere hint. */
	if (p != MAP_FAILED) {
		munmap(p, end - start);
		errno = EEXIST;
	}
	kasan_hosted_fatal("KASAN: cannot map the %s at [0x%lx-0x%lx): %s "
			   "(errno %d)", what, start, end - 1,
			   errno_text(errno), errno);
}

/*
 * Map the shadow once.  Before threads exist (malloc from ld.so, or the
 * preinit), but a lock costs nothing here and keeps dlopen'ed oddities
 * safe.
 */
void kasan_hosted_init_shadow(void)
{
	unsigned long flags;
	int saved_errno = errno;

	flags = kasan_plat_lock(&init_lock);
	if (kasan_hosted_shadow_ready) {
		kasan_plat_unlock(&init_lock, flags);
		return;
	}
	map_range(LOW_SHADOW_START, LOW_SHADOW_END, PROT_READ | PROT_WRITE,
		  "low shadow");
	map_range(HIGH_SHADOW_START, HIGH_SHADOW_END, PROT_READ | PROT_WRITE,
		  "high shadow");
	map_range(LOW_SHADOW_END, HIGH_SHADOW_START, PROT_NONE, "shadow gap");

	/* An instrumented access to the null page is reported, not missed. */
	kasan_poison((void *)0, KASAN_HOSTED_NULL_END, KASAN_NULL_PAGE);

	kasan_quarantine_set_limit(kasan_hosted_options.quarantine_size);
	__atomic_store_n(&kasan_hosted_shadow_ready, true, __ATOMIC_RELEASE);
	kasan_plat_unlock(&init_lock, flags);
	errno = saved_errno;
}

const char *kasan_plat_wild_bug_type(unsigned long addr)
{
	if (addr < KASAN_HOSTED_NULL_END)
		return "null-ptr-deref";
	return "wild-memory-access";
}

/* As Linux before 6.3 names it, slab or not: the hosted tests expect it. */
const char *kasan_plat_freed_bug_type(unsigned long addr)
{
	return "use-after-free";
}

/*
 * The SIGSEGV hint.  An inline check loads the shadow byte of a bad
 * pointer with an instruction like movzbl 0x7fff8000(%rax), %eax, rax
 * holding addr >> 3.  For a pointer into the shadow itself that load hits
 * the PROT_NONE gap; for a pointer above user space it hits unmapped
 * memory, or is non-canonical, which the CPU reports as a general
 * protection fault without an address.  The faulting instruction is
 * decoded: if its memory operand has the shadow offset as displacement,
 * its effective address is the shadow address, and the hint names the
 * range the program's pointer was in.  Then the default action runs.
 */
static const int greg_of[16] = {
	REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
	REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
};

static bool is_prefix(uint8_t b)
{
	switch (b) {
	case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64: case 0x65:
	case 0x66: case 0x67: case 0xf0: case 0xf2: case 0xf3:
		return true;
	}
	return false;
}

/*
 * The effective address of the instruction's memory operand, if it has
 * one with the shadow offset as its 32-bit displacement.  Legacy and
 * 0x0f-escaped opcodes with a ModRM byte only: what GCC emits for shadow
 * loads and compares.
 */
static bool shadow_operand(const ucontext_t *uc, unsigned long *ea)
{
	const greg_t *g = uc->uc_mcontext.gregs;
	const uint8_t *p = (const uint8_t *)g[REG_RIP];
	unsigned int rex = 0, modrm, mod, rm, sib;
	unsigned long addr = 0;
	int32_t disp;
	int i;

	if (!p)
		return false;
	for (i = 0; i < 4 && is_prefix(*p); i++)
		p++;
	if ((*p & 0xf0) == 0x40)
		rex = *p++;
	if (*p == 0x0f) {
		p++;
		if (*p == 0x38 || *p == 0x3a)
			p++;
	}
	p++;		/* the opcode */
	modrm = *p++;
	mod = modrm >> 6;
	rm = modrm & 7;
	if (mod != 2)
		return false;	/* a disp32 needs mod 2 (or no base) */
	if (rm == 4) {
		unsigned int base, index;

		sib = *p++;
		base = (sib & 7) | (rex & 1) << 3;
		index = ((sib >> 3) & 7) | (rex & 2) << 2;
		addr = g[greg_of[base]];
		if (index != 4)
			addr += (unsigned long)g[greg_of[index]] << (sib >> 6);
	} else {
		addr = g[greg_of[rm | (rex & 1) << 3]];
	}
	__builtin_memcpy(&disp, p, sizeof(disp));
	if ((unsigned long)(long)disp != KASAN_SHADOW_OFFSET)
		return false;
	*ea = addr + disp;
	return true;
}

static void segv_hint(int sig, siginfo_t *info, void *uctx)
{
	unsigned long shadow, orig;
	int saved_errno = errno;

	if (info->si_code <= 0) {
		/* Sent by kill(): nothing will fault again. */
		raise(sig);
		return;
	}
	if (shadow_operand(uctx, &shadow) &&
	    (shadow < LOW_SHADOW_START || shadow >= LOW_SHADOW_END) &&
	    (shadow < HIGH_SHADOW_START || shadow >= HIGH_SHADOW_END)) {
		orig = (shadow - KASAN_SHADOW_OFFSET) <<
		       KASAN_SHADOW_SCALE_SHIFT;
		kasan_printf("KASAN: maybe wild-memory-access in range "
			     "[0x%016lx-0x%016lx]\n", orig,
			     orig + KASAN_GRANULE_SIZE - 1);
	}
	errno = saved_errno;
	/* SA_RESETHAND: the access faults again, with the default action. */
}

static void install_segv_hint(void)
{
	struct sigaction sa;

	kasan_hosted_memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = segv_hint;
	sa.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
}

static void kasan_hosted_preinit(int argc, char **argv, char **envp)
{
	(void)argc;
	(void)argv;
	kasan_hosted_parse_options(envp);
	kasan_hosted_init_shadow();
	kasan_quarantine_set_limit(kasan_hosted_options.quarantine_size);
	kasan_hosted_task_init();
	install_segv_hint();
	kasan_hosted_exit_init();
	kasan_hosted_malloc_atfork_init();
	__atomic_store_n(&kasan_hosted_started, true, __ATOMIC_RELEASE);
}

/* Runs before the constructors of every shared library. */
__attribute__((section(".preinit_array"), used))
static void (*const kasan_hosted_preinit_entry)(int, char **, char **) =
	kasan_hosted_preinit;

/*
 * Native G++ brackets each unit's dynamic initialisation with these, for
 * ASan's init-order checking, which KASan does not do (nor does the
 * plugin call them).  Nothing to check, but C++ programs must link.
 */
void __asan_before_dynamic_init(const char *module_name);
void __asan_after_dynamic_init(void);

void __asan_before_dynamic_init(const char *module_name)
{
}

void __asan_after_dynamic_init(void)
{
}
