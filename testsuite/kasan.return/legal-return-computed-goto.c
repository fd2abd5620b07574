/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An interpreter dispatching with computed gotos (as the kernel's BPF
   interpreter does): its blocks are joined by abnormal edges, where
   nothing can be inserted, and addresses of its locals flow across
   them.  No report, and the result is right.  */
/* { dg-do run } */

__attribute__((noipa)) static void add(long *p, long v)
{
	*p += v;
}

__attribute__((noipa)) static long interpret(const unsigned char *code)
{
	static const void *const ops[] = { &&op_a, &&op_b, &&op_swap, &&op_end };
	long a = 0, b = 0;
	long *p = &a, *q = &b, *t;

	goto *ops[*code++];
op_a:
	add(p, 1);
	goto *ops[*code++];
op_b:
	add(q, 10);
	goto *ops[*code++];
op_swap:
	t = p;
	p = q;
	q = t;
	goto *ops[*code++];
op_end:
	return *p * 1000 + *q + (p == &a);
}

int main(void)
{
	static const unsigned char program[] = { 0, 1, 2, 0, 1, 1, 2, 0, 3 };
	int i;

	for (i = 0; i < 1000; i++)
		if (interpret(program) != 22 * 1000 + 11 + 1)
			return 1;
	return 0;
}
