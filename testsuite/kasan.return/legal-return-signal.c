/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Signal handlers with protected locals interrupt functions with
   protected locals, at random points (a profiling timer) and at known
   ones (raise()): the handlers' frames nest on the thread's fake stack.
   No report.  */
/* { dg-do run } */

#include <signal.h>
#include <string.h>
#include <sys/time.h>

static volatile sig_atomic_t handled;

__attribute__((noipa)) static int touch(int *p, int v)
{
	*p += v;
	return *p;
}

static void handler(int sig)
{
	int local[3] = { sig, 0, 0 };

	touch(&local[1], 1);
	handled += local[1];
}

__attribute__((noipa)) static long work(int i)
{
	int a = i, b[7];

	memset(b, 0, sizeof(b));
	touch(&a, 1);
	touch(&b[i % 7], a);
	if ((i & 1023) == 0)
		raise(SIGUSR1);
	return a + b[i % 7];
}

int main(void)
{
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	long total = 0;
	int i;

	signal(SIGPROF, handler);
	signal(SIGUSR1, handler);
	setitimer(ITIMER_PROF, &it, 0);
	for (i = 0; i < 3000000 && handled < 2000; i++)
		total += work(i);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_PROF, &it, 0);
	return total > 0 && handled > 0 ? 0 : 1;
}
