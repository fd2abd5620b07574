/* SPDX-License-Identifier: GPL-2.0-or-later */
/* After a longjmp() out of instrumented frames has cleared their shadow,
   a new frame built over that memory still gets its redzones: an overflow
   of its array is reported.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <setjmp.h>
#include <stdlib.h>

static jmp_buf env;

__attribute__((noipa)) static char load(volatile char *p, size_t i)
{
	return p[i];
}

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0)
		longjmp(env, 1);
	return deep(d - 1) + a[0] + b[0];
}

__attribute__((noipa)) static int frame(size_t i)
{
	volatile char after_jump[10];

	after_jump[0] = 1;
	return load(after_jump, i);
}

int main(void)
{
	if (!setjmp(env))
		deep(16);
	return frame(10);
}
/* { dg-output "BUG: KASAN: stack-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "This frame has 1 object:\n \\\[\[0-9\]+, \[0-9\]+\\) .after_jump.\n" } */
