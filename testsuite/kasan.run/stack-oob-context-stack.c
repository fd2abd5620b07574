/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An overflow of a local array on a coroutine's stack (makecontext()) is
   a stack-out-of-bounds, described as on the task's stack, like one on
   the thread's own stack.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <ucontext.h>

static ucontext_t main_ctx, co_ctx;

__attribute__((noipa)) static char load(volatile char *p, size_t i)
{
	return p[i];
}

__attribute__((noipa)) static int frame(size_t i)
{
	volatile char co_array[10];

	co_array[0] = 1;
	return load(co_array, i);
}

static void coroutine(void)
{
	frame(10);
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
	return 0;
}
/* { dg-output "BUG: KASAN: stack-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to stack of task \[^\n\]*\n and is located at offset \[0-9\]+ in frame:\n frame\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\n\nThis frame has 1 object:\n \\\[\[0-9\]+, \[0-9\]+\\) .co_array.\n" } */
