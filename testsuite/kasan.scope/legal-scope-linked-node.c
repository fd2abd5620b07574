/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernel's wait-queue pattern: in each turn of a loop, a node on the
   block's frame is linked into a global list, a callee walks the list,
   and the node is unlinked before the block ends.  No report.  */
/* { dg-do run } */

struct node {
	struct node *next;
	int value;
};

static struct node *head;

__attribute__((noipa)) static void link_node(struct node *n, int value)
{
	n->value = value;
	n->next = head;
	head = n;
}

__attribute__((noipa)) static void unlink_node(struct node *n)
{
	struct node **p;

	for (p = &head; *p; p = &(*p)->next)
		if (*p == n) {
			*p = n->next;
			return;
		}
}

__attribute__((noipa)) static int walk(void)
{
	struct node *n;
	int sum = 0;

	for (n = head; n; n = n->next)
		sum += n->value;
	return sum;
}

__attribute__((noipa)) static int frame(int turns)
{
	int i, sum = 0;

	for (i = 0; i < turns; i++) {
		struct node waiter;

		link_node(&waiter, i);
		{
			struct node inner;

			link_node(&inner, 1);
			sum += walk();
			unlink_node(&inner);
		}
		sum += walk();
		unlink_node(&waiter);
	}
	return sum + walk();
}

int main(void)
{
	/* Turn i: walk() sees i + 1, then i.  */
	return frame(4) == 4 + 2 * (0 + 1 + 2 + 3) ? 0 : 1;
}
