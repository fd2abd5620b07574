/* SPDX-License-Identifier: GPL-2.0-or-later */
/* longjmp() out of nested functions with protected locals, many more
   times than a size class has frames: the skipped frames are never
   released, stay claimed, and the class's functions go back to their
   real frames once every fake one is claimed.  Calls after that still
   work, and nothing is reported.  */
/* { dg-do run } */

#include <setjmp.h>

static jmp_buf env;

__attribute__((noipa)) static void set(int *p, int v)
{
	*p = v;
}

__attribute__((noipa)) static void inner(int n)
{
	int local[2];

	set(&local[1], n);
	if (local[1] & 1)
		longjmp(env, local[1]);
}

__attribute__((noipa)) static void outer(int n)
{
	int mine;

	set(&mine, n);
	inner(mine);
	inner(mine + 1);
}

__attribute__((noipa)) static int after(int n)
{
	int x[4];

	set(&x[3], n);
	return x[3];
}

int main(void)
{
	volatile int jumps = 0, i;

	for (i = 0; i < 20000; i++)
		if (!setjmp(env))
			outer(i);
		else
			jumps++;
	for (i = 0; i < 10000; i++)
		if (after(i) != i)
			return 1;
	return jumps == 20000 ? 0 : 2;
}
