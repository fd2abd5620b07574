/* SPDX-License-Identifier: GPL-2.0-or-later */
/* longjmp() called through a pointer that is not declared noreturn: no
   __asan_handle_no_return before it, so the runtime's longjmp() clears the
   redzones of the frames it leaves; code later run over that memory, here
   a frame that is not instrumented, gets no report.  */
/* { dg-do run } */

#include <setjmp.h>
#include <string.h>

#include "dead-stack-probe.h"

static jmp_buf env;
static void (*volatile jump)(jmp_buf, int) = longjmp;

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0)
		jump(env, 1);
	return deep(d - 1) + a[0] + b[0];
}

/* Not instrumented: its buffer gets no shadow of its own. */
int main(void)
{
	if (!setjmp(env))
		deep(16);
	return plain() != 4096;
}
