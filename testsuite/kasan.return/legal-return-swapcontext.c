/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Two coroutines and the main program switch with swapcontext() from
   inside functions whose locals are used through pointers after each
   switch back: their frames, on the thread's one fake stack, stay in use
   while the others run.  No report.  */
/* { dg-do run } */

#include <ucontext.h>

static ucontext_t main_ctx, co_ctx[2];

__attribute__((noipa)) static void fill(int *p, int v)
{
	*p = v;
}

__attribute__((noipa)) static int load(const int *p)
{
	return *p;
}

__attribute__((noipa)) static void yield_with(int which, int v)
{
	int mine;

	fill(&mine, v);
	swapcontext(&co_ctx[which], &main_ctx);
	if (load(&mine) != v)
		fill(0, 0);
}

static void coroutine(int which)
{
	int i;

	for (i = 0;; i++) {
		int round[3];

		fill(&round[which], i);
		yield_with(which, i * 2 + which);
		if (load(&round[which]) != i)
			fill(0, 0);
	}
}

__attribute__((noipa)) static int turn(int i)
{
	int here;

	fill(&here, i);
	swapcontext(&main_ctx, &co_ctx[i & 1]);
	return load(&here) != i;
}

int main(void)
{
	static char stacks[2][64 * 1024];
	int i, bad = 0;

	for (i = 0; i < 2; i++) {
		getcontext(&co_ctx[i]);
		co_ctx[i].uc_stack.ss_sp = stacks[i];
		co_ctx[i].uc_stack.ss_size = sizeof(stacks[i]);
		co_ctx[i].uc_link = &main_ctx;
		makecontext(&co_ctx[i], (void (*)(void))coroutine, 1, i);
	}
	for (i = 0; i < 1000; i++)
		bad |= turn(i);
	return bad;
}
