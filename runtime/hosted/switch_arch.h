/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where a saved context will resume: the stack pointer in a jmp_buf and
 * in a ucontext_t, as the C library of this machine (glibc) stores them.
 * 0 when unknown: the caller then clears nothing below the target.
 *
 * glibc's jmp_buf holds the stack pointer mangled with the thread's
 * pointer guard (PTR_MANGLE: xor with the guard, then a rotation), as
 * ThreadSanitizer also reads it.
 */
#ifndef KASAN_SWITCH_ARCH_H
#define KASAN_SWITCH_ARCH_H

#include <setjmp.h>
#include <ucontext.h>

#if defined(__x86_64__)

/* __jmp_buf: rbx, rbp, r12, r13, r14, r15, rsp, rip. */
#define JMP_BUF_SP	6

static inline unsigned long kasan_switch_jmp_buf_sp(const __jmp_buf jb)
{
	unsigned long v = (unsigned long)jb[JMP_BUF_SP], guard;

	/* tcbhead_t.pointer_guard, at %fs:0x30. */
	__asm__("mov %%fs:0x30, %0" : "=r"(guard));
	v = (v >> 0x11) | (v << (64 - 0x11));
	return v ^ guard;
}

static inline unsigned long kasan_switch_ucontext_sp(const ucontext_t *uc)
{
	return (unsigned long)uc->uc_mcontext.gregs[REG_RSP];
}

#else

static inline unsigned long kasan_switch_jmp_buf_sp(const __jmp_buf jb)
{
	(void)jb;
	return 0;
}

static inline unsigned long kasan_switch_ucontext_sp(const ucontext_t *uc)
{
	(void)uc;
	return 0;
}

#endif

#endif /* KASAN_SWITCH_ARCH_H */
