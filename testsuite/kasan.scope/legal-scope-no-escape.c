/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A block's local whose address is taken but never leaves the block
   (it is only used there), in a loop.  No report.  */
/* { dg-do run } */

__attribute__((noipa)) static int frame(int n, int k)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		int pair[2];
		int *p = pair;

		p[0] = i;
		p[1] = k;
		sum += pair[i & 1];
	}
	return sum;
}

int main(void)
{
	return frame(4, 5) == 0 + 5 + 2 + 5 ? 0 : 1;
}
