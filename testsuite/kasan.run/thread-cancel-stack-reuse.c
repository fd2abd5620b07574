/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A thread cancelled while deep in instrumented frames never returns
   through them; glibc gives its cached stack to the next thread, which
   must not see the redzones the cancelled one left there.  */
/* { dg-do run } */

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#define PROBE_BYTES 16384
#include "dead-stack-probe.h"

static volatile int ready;

__attribute__((noipa)) static int deep(int d)
{
	volatile char a[17], b[33];

	a[0] = b[0] = d;
	if (d == 0) {
		ready = 1;
		for (;;)
			pause();	/* a cancellation point */
	}
	return deep(d - 1) + a[0] + b[0];
}

static void *victim(void *arg)
{
	(void)arg;
	deep(64);
	return NULL;
}

static void *next(void *arg)
{
	*(int *)arg = plain();
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_attr_t attr;
	int result = 0;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 1 << 20);
	if (pthread_create(&t, &attr, victim, NULL))
		return 2;
	while (!ready)
		usleep(1000);
	pthread_cancel(t);
	pthread_join(t, NULL);
	if (pthread_create(&t, &attr, next, &result))
		return 2;
	pthread_join(t, NULL);
	return result != 16384;
}
