/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A frame whose block has ended (its local poisoned) is left by a
   longjmp() from a callee, not by a return: its epilogue never clears the
   poison.  The stack it used is then covered by an uninstrumented local
   that an instrumented function reads all of.  No report.  */
/* { dg-do run } */

#include <setjmp.h>

#include "../kasan.run/dead-stack-probe.h"

static jmp_buf env;
static int *kept;

__attribute__((noipa)) static void keep(int *p)
{
	kept = p;
	*p = 1;
}

__attribute__((noipa)) static void jump(void)
{
	longjmp(env, 1);
}

__attribute__((noipa)) static int frame(int d)
{
	int sum = d;

	{
		int local[8];

		keep(&local[7]);
		sum += local[7];
	}
	if (d == 0)
		jump();
	return frame(d - 1) + sum;
}

int main(void)
{
	if (!setjmp(env))
		frame(20);
	return plain() == 4096 ? 0 : 1;
}
