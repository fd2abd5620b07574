/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A coroutine (makecontext()) and the main program switch with
   swapcontext() from inside blocks whose locals are used through pointers
   after each switch back: a scope stays open across a switch.  No
   report.  */
/* { dg-do run } */

#include <ucontext.h>

static ucontext_t main_ctx, co_ctx;

__attribute__((noipa)) static void fill(int *p, int v)
{
	*p = v;
}

__attribute__((noipa)) static int load(const int *p)
{
	return *p;
}

static void coroutine(void)
{
	int i;

	for (i = 0;; i++) {
		int mine;

		fill(&mine, i);
		swapcontext(&co_ctx, &main_ctx);
		if (load(&mine) != i)
			fill(&mine, -1);
	}
}

int main(void)
{
	static char stack[64 * 1024];
	int i, bad = 0;

	getcontext(&co_ctx);
	co_ctx.uc_stack.ss_sp = stack;
	co_ctx.uc_stack.ss_size = sizeof(stack);
	co_ctx.uc_link = &main_ctx;
	makecontext(&co_ctx, coroutine, 0);
	for (i = 0; i < 100; i++) {
		int turn;

		fill(&turn, i);
		swapcontext(&main_ctx, &co_ctx);
		bad |= load(&turn) != i;
	}
	return bad;
}
