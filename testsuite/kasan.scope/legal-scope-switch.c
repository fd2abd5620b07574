/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A switch jumping past declarations into the middle of a block, in a
   loop: each case uses the block's locals through pointers.  No report.  */
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
		switch (i % 3) {
			int x;
			char buf[20];
		case 0:
			fill(&x, i);
			sum += load(&x);
			break;
		case 1:
			buf[0] = i;
			fill((int *)(void *)&buf[4], i);
			sum += buf[0] + load((int *)(void *)&buf[4]) - i;
			break;
		default:
			fill(&x, 1);
			sum += load(&x);
		}
	}
	return sum;
}

int main(void)
{
	/* i = 0..8: cases 0 (0, 3, 6), 1 (1, 4, 7), 2 (three times 1).  */
	return frame(9) == 9 + 12 + 3 ? 0 : 1;
}
