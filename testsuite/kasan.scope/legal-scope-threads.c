/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Threads, each entering and leaving blocks whose locals a callee keeps a
   pointer to and reads back, all at once.  Each thread's scopes are its
   own.  No report.  */
/* { dg-do run } */
/* { dg-options "-pthread" } */

#include <pthread.h>

static __thread int *kept;

__attribute__((noipa)) static void keep(int *p, int v)
{
	kept = p;
	*p = v;
}

__attribute__((noipa)) static int load_kept(void)
{
	return *kept;
}

static void *worker(void *arg)
{
	long i, sum = 0;

	for (i = 0; i < 10000; i++) {
		int local[3];

		keep(&local[i % 3], (int)i);
		sum += load_kept();
	}
	return (void *)(sum - 49995000L + (long)arg);
}

int main(void)
{
	pthread_t t[4];
	long i, bad = 0;
	void *ret;

	for (i = 0; i < 4; i++)
		pthread_create(&t[i], 0, worker, 0);
	for (i = 0; i < 4; i++) {
		pthread_join(t[i], &ret);
		bad |= (long)ret;
	}
	return bad != 0;
}
