/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A list node on a block's frame stays linked after the block: walking
   the list reads the dead node.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "nothing poisons the ended scope" kasan-no-use-after-scope } */

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

__attribute__((noipa)) static int walk(void)
{
	struct node *n;
	int sum = 0;

	for (n = head; n; n = n->next)
		sum += n->value;
	return sum;
}

__attribute__((noipa)) static int frame(void)
{
	struct node kept;

	push(&kept, 1);
	{
		struct node forgotten;

		push(&forgotten, 2);
	}
	return walk();
}

int main(void)
{
	return frame() == 3 ? 0 : 2;
}
/* { dg-output "BUG: KASAN: stack-use-after-scope in walk\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output "This frame has \[0-9\]+ objects?:\n(.*\n)* \\\[\[0-9\]+, \[0-9\]+\\) .forgotten.\n" } */
