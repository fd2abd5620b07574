/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Recursion from inside a block: each level's block-local is handed to
   the next level, which reads it, then the block ends.  Each frame has
   its own instance.  No report.  */
/* { dg-do run } */

__attribute__((noipa)) static int frame(int depth, const int *outer)
{
	int sum = outer ? *outer : 0;

	if (depth == 0)
		return sum;
	{
		int mine = depth;

		sum += frame(depth - 1, &mine);
	}
	{
		int again = 1;

		sum += frame(depth / 2, &again);
	}
	return sum;
}

int main(void)
{
	return frame(12, 0) > 0 ? 0 : 1;
}
