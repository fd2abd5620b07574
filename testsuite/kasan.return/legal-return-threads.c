/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Waves of threads, each calling functions with protected locals: every
   thread has its own fake stack, and a thread's stack may be mapped
   where an exited thread's fake stack was.  No report.  */
/* { dg-do run } */
/* { dg-options "-pthread" } */

#include <pthread.h>

__attribute__((noipa)) static void add(long *p, long v)
{
	*p += v;
}

__attribute__((noipa)) static long step(long i)
{
	long acc[3] = { i, 0, 0 };

	add(&acc[1], i);
	add(&acc[2], acc[1]);
	return acc[0] + acc[2];
}

static void *worker(void *arg)
{
	long i, total = 0, seen[32] = { 0 };

	add(&seen[31], 1);
	for (i = 0; i < 20000; i++)
		total += step(i);
	return (void *)(long)(total != 19999L * 20000 || seen[31] != 1);
}

int main(void)
{
	pthread_t t[8];
	void *bad;
	int wave, i, fails = 0;

	for (wave = 0; wave < 6; wave++) {
		for (i = 0; i < 8; i++)
			pthread_create(&t[i], 0, worker, 0);
		for (i = 0; i < 8; i++) {
			pthread_join(t[i], &bad);
			fails += bad != 0;
		}
	}
	return fails;
}
