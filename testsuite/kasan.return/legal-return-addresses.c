/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Every place an address of a local can be once its frame may be a fake
   one (plugin/fake_frame.c): a PHI choosing between two locals, a
   comparison, a call argument, a value stored to memory and to a global,
   an asm input and an asm memory operand, a returned value compared by the caller, a variable
   index, a structure copy.  Each must reach the local of this call.  No
   report, and the results are right.  */
/* { dg-do run } */

struct pair {
	long a, b;
};

static long *global_slot;

__attribute__((noipa)) static long read_long(const long *p)
{
	return *p;
}

__attribute__((noipa)) static const long *same(const long *p)
{
	return p;
}

__attribute__((noipa)) static long choose(int which, long x, long y)
{
	long first = x, second = y;
	long *p = which ? &first : &second;	/* a PHI of two addresses */
	long *holder[2];

	holder[which & 1] = &second;		/* stored to memory */
	global_slot = &first;			/* stored to a global */
	if (same(&first) != &first)		/* compared */
		return -1;
	__asm__ volatile("" : : "r"(&second) : "memory");	/* asm input */
	__asm__ volatile("" : "+m"(first));		/* asm memory */
	return read_long(p) + read_long(holder[which & 1]) +
	       read_long(global_slot);
}

__attribute__((noipa)) static long indexed(int n)
{
	long table[8];
	struct pair s = { n, 2 * n }, copy;
	int i;

	for (i = 0; i < 8; i++)
		table[i] = i * n;
	copy = s;
	return table[n & 7] + read_long(&table[(n + 1) & 7]) + copy.b;
}

int main(void)
{
	long total = 0;
	int i;

	for (i = 0; i < 1000; i++) {
		if (choose(i & 1, i, 3) != ((i & 1) ? i : 3) + 3 + i)
			return 1;
		total += indexed(i);
	}
	global_slot = 0;
	return total > 0 ? 0 : 2;
}
