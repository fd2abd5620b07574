/* SPDX-License-Identifier: GPL-2.0-or-later */
/* setcontext() back to a context saved by getcontext() further up the
   same stack, out of instrumented frames (setcontext() is not noreturn:
   no __asan_handle_no_return): the frames left get no false report when
   their memory is used again.  */
/* { dg-do run } */

#include <string.h>
#include <ucontext.h>

#include "dead-stack-probe.h"

static ucontext_t back;
static volatile int unwound;

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0) {
		unwound = 1;
		setcontext(&back);
	}
	return deep(d - 1) + a[0] + b[0];
}

__attribute__((noipa)) static void run(void)
{
	getcontext(&back);
	if (!unwound)
		deep(16);
}

int main(void)
{
	run();
	return plain() != 4096;
}
