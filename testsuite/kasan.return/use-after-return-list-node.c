/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A function links a node on its frame into a list and returns without
   unlinking it: walking the list later reads the dead node.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "the frame was on the real stack" kasan-no-use-after-return } */

struct node {
	struct node *next;
	int value;
};

static struct node *head;

__attribute__((noipa)) static void push(struct node *n, int value)
{
	n->value = value;
	n->next = head;
	head = n;
}

__attribute__((noipa)) static void wait_for_event(int value)
{
	struct node waiter;

	push(&waiter, value);
}

__attribute__((noipa)) static int wake_all(void)
{
	struct node *n;
	int sum = 0;

	for (n = head; n; n = n->next)
		sum += n->value;
	return sum;
}

int main(void)
{
	static struct node permanent;

	push(&permanent, 1);
	wait_for_event(2);
	return wake_all() == 3 ? 0 : 2;
}
/* { dg-output "BUG: KASAN: stack-use-after-return in wake_all\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output " wait_for_event\\+0x0/0x\[0-9a-f\]+\n(.*\n)*" } */
/* { dg-output " \\\[\[0-9\]+, \[0-9\]+\\) .waiter.\n" } */
