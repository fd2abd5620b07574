/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A loop body's locals, their addresses handed out in every iteration
   (the address computations are loop invariants the compiler hoists out
   of the loop): each iteration's scope is entered again, no report.  */
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
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		int a, b[3];
		int *pa = &a;

		fill(pa, i);
		fill(&b[2], i);
		sum += load(pa) + load(&b[2]) + *pa;
	}
	return sum;
}

int main(void)
{
	return frame(10) == 135 ? 0 : 1;
}
