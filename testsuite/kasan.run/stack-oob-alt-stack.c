/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An overflow of a local array in a signal handler running on the
   alternate signal stack is a stack-out-of-bounds, described as on the
   task's stack.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <signal.h>
#include <stdlib.h>

__attribute__((noipa)) static char load(volatile char *p, size_t i)
{
	return p[i];
}

__attribute__((noipa)) static int frame(size_t i)
{
	volatile char handler_array[10];

	handler_array[0] = 1;
	return load(handler_array, i);
}

static void handler(int sig)
{
	frame((size_t)sig - SIGUSR1 + 10);
}

int main(void)
{
	static char alt[64 * 1024];
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) };
	struct sigaction sa = { .sa_handler = handler, .sa_flags = SA_ONSTACK };

	if (sigaltstack(&ss, NULL) || sigaction(SIGUSR1, &sa, NULL))
		return 2;
	raise(SIGUSR1);
	return 0;
}
/* { dg-output "BUG: KASAN: stack-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to stack of task \[^\n\]*\n and is located at offset \[0-9\]+ in frame:\n frame\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\n\nThis frame has 1 object:\n \\\[\[0-9\]+, \[0-9\]+\\) .handler_array.\n" } */
