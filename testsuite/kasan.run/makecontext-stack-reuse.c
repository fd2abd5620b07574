/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A coroutine abandoned deep in instrumented frames (it switches away
   and is never resumed), then a new one made on the same stack: the new
   one starts on a clean stack, no report from what the old one left.  */
/* { dg-do run } */

#include <string.h>
#include <ucontext.h>

#define PROBE_BYTES 16384
#include "dead-stack-probe.h"

static ucontext_t main_ctx, co_ctx;
static char stack[256 * 1024];
static volatile int result;

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0)
		swapcontext(&co_ctx, &main_ctx);	/* never resumed */
	return deep(d - 1) + a[0] + b[0];
}

static void abandoned(void)
{
	deep(64);
}

static void fresh(void)
{
	result = plain();
}

static void start(void (*fn)(void))
{
	getcontext(&co_ctx);
	co_ctx.uc_stack.ss_sp = stack;
	co_ctx.uc_stack.ss_size = sizeof(stack);
	co_ctx.uc_link = &main_ctx;
	makecontext(&co_ctx, fn, 0);
	swapcontext(&main_ctx, &co_ctx);
}

int main(void)
{
	start(abandoned);
	start(fresh);
	return result != 16384;
}
