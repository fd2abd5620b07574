/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A signal raised deep in instrumented frames, handled on an alternate
   signal stack by instrumented code that siglongjmp()s out: neither the
   frames the signal interrupted (on the thread's stack) nor the handler's
   (on the alternate stack) leave poison behind; the next handler and the
   main program run over that memory without a report.  */
/* { dg-do run } */

#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "dead-stack-probe.h"

static sigjmp_buf env;
static volatile int round_no;

__attribute__((noipa)) static int handler_deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0)
		siglongjmp(env, 1);
	return handler_deep(d - 1) + a[0] + b[0];
}

static void handler(int sig)
{
	(void)sig;
	/* The second time, over what the first handler left. */
	if (round_no == 1 && plain() != 4096)
		abort();
	handler_deep(8);
}

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0)
		raise(SIGUSR1);
	return deep(d - 1) + a[0] + b[0];
}

int main(void)
{
	static char alt[64 * 1024];
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) };
	struct sigaction sa = { .sa_handler = handler, .sa_flags = SA_ONSTACK };

	if (sigaltstack(&ss, NULL) || sigaction(SIGUSR1, &sa, NULL))
		return 2;
	for (round_no = 0; round_no < 2; round_no++) {
		if (!sigsetjmp(env, 1))
			deep(16);
		if (plain() != 4096)
			return 1;
	}
	return 0;
}
