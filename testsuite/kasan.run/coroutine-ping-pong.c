/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A coroutine on its own stack (makecontext()) and the main program pass
   control back and forth with swapcontext(); in each turn the coroutine
   leaves a nest of instrumented frames by longjmp(), on its own stack.
   Its stack must be known to the runtime, so that the jump clears what
   the frames left there: the next turn runs over it without a report.  */
/* { dg-do run } */

#include <setjmp.h>
#include <string.h>
#include <ucontext.h>

#include "dead-stack-probe.h"

#define TURNS 200

static ucontext_t main_ctx, co_ctx;
static jmp_buf env;
static volatile int ball;

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0)
		longjmp(env, 1);
	return deep(d - 1) + a[0] + b[0];
}

static void coroutine(void)
{
	for (;;) {
		volatile char local[24];

		local[23] = (char)ball;
		if (plain() != 4096)
			ball = -1000000;
		if (!setjmp(env))
			deep(12);
		ball += 1 + local[23] - (char)ball;
		swapcontext(&co_ctx, &main_ctx);
	}
}

int main(void)
{
	static char stack[256 * 1024];
	volatile char local[40];

	getcontext(&co_ctx);
	co_ctx.uc_stack.ss_sp = stack;
	co_ctx.uc_stack.ss_size = sizeof(stack);
	co_ctx.uc_link = &main_ctx;
	makecontext(&co_ctx, coroutine, 0);
	for (int i = 0; i < TURNS; i++) {
		local[39] = (char)i;
		swapcontext(&main_ctx, &co_ctx);
		if (local[39] != (char)i)
			return 2;
	}
	return ball != TURNS;
}
