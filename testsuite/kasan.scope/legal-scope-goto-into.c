/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A goto into a block, past its declarations, and a goto back out and
   into it again: the block's scope is entered without its beginning each
   time, and its local is used through a pointer.  No report.  */
/* { dg-do run } */

__attribute__((noipa)) static void fill(int *p, int v)
{
	*p = v;
}

__attribute__((noipa)) static int load(const int *p)
{
	return *p;
}

__attribute__((noipa)) static int frame(int n)
{
	int sum = 0;

	if (n > 0)
		goto inside;
	return -1;
again:
	n--;
	{
		int local;
inside:
		fill(&local, n);
		sum += load(&local);
		if (n > 1)
			goto again;
	}
	return sum;
}

int main(void)
{
	return frame(4) == 10 ? 0 : 1;
}
