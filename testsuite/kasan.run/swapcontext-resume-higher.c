/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A coroutine saves a context near the top of its stack, goes deep into
   instrumented frames and switches away for good; the main program then
   resumes the saved context with swapcontext(): the frames below it are
   dead, and code run over them gets no report.  */
/* { dg-do run } */

#include <string.h>
#include <ucontext.h>

#define PROBE_BYTES 16384
#include "dead-stack-probe.h"

static ucontext_t main_ctx, co_ctx, top_ctx;
static volatile int resumed, result;

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0)
		swapcontext(&co_ctx, &main_ctx);	/* never resumed */
	return deep(d - 1) + a[0] + b[0];
}

static void coroutine(void)
{
	getcontext(&top_ctx);
	if (!resumed)
		deep(64);
	result = plain();
}

int main(void)
{
	static char stack[256 * 1024];

	getcontext(&co_ctx);
	co_ctx.uc_stack.ss_sp = stack;
	co_ctx.uc_stack.ss_size = sizeof(stack);
	co_ctx.uc_link = &main_ctx;
	makecontext(&co_ctx, coroutine, 0);
	swapcontext(&main_ctx, &co_ctx);
	resumed = 1;
	swapcontext(&main_ctx, &top_ctx);
	return result != 16384;
}
