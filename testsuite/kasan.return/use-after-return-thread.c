/* SPDX-License-Identifier: GPL-2.0-or-later */
/* In a second thread, a function publishes the address of its local and
   returns; the thread then reads through it.  The fake stack is the
   thread's own.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "the frame was on the real stack" kasan-no-use-after-return } */
/* { dg-options "-pthread" } */

#include <pthread.h>

static int *published;

__attribute__((noipa)) static void publish(int *p)
{
	published = p;
}

__attribute__((noipa)) static void producer(void)
{
	int value = 42;

	publish(&value);
}

__attribute__((noipa)) static int consume(void)
{
	return *published;
}

static void *worker(void *arg)
{
	producer();
	return (void *)(long)consume();
}

int main(void)
{
	pthread_t t;
	void *ret;

	pthread_create(&t, 0, worker, 0);
	pthread_join(t, &ret);
	return ret == (void *)42L ? 0 : 2;
}
/* { dg-output "BUG: KASAN: stack-use-after-return in consume\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output " producer\\+0x0/0x\[0-9a-f\]+\n(.*\n)*" } */
/* { dg-output " \\\[\[0-9\]+, \[0-9\]+\\) .value.\n" } */
