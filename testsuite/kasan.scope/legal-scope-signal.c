/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Signal handlers run on the interrupted stack, below frames whose
   blocks have ended and begun again; the handler has block-locals of its
   own, used through pointers.  No report.  */
/* { dg-do run } */

#include <signal.h>

static volatile int handled;

__attribute__((noipa)) static void fill(int *p, int v)
{
	*p = v;
}

__attribute__((noipa)) static int load(const int *p)
{
	return *p;
}

static void handler(int sig)
{
	int i;

	for (i = 0; i < 3; i++) {
		int local;

		fill(&local, sig);
		handled += load(&local) == sig;
	}
}

__attribute__((noipa)) static int frame(int n)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		{
			int before;

			fill(&before, i);
			raise(SIGUSR1);
			sum += load(&before);
		}
		raise(SIGUSR1);
	}
	return sum;
}

int main(void)
{
	signal(SIGUSR1, handler);
	return frame(5) == 10 && handled == 30 ? 0 : 1;
}
