/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A deep chain of calls, each from inside a loop's block with a local
   passed down: the stack below the block is reused by every call, over
   shadow a returned callee's scopes left.  No report.  */
/* { dg-do run } */

__attribute__((noipa)) static int leaf(int *p)
{
	return *p;
}

__attribute__((noipa)) static int chain(int depth, int *p)
{
	int i, sum = 0;

	if (depth == 0)
		return leaf(p);
	for (i = 0; i < 2; i++) {
		int local[4];

		local[i] = *p + i;
		sum += chain(depth - 1, &local[i]);
	}
	return sum;
}

int main(void)
{
	int seed = 1;

	return chain(10, &seed) > 0 ? 0 : 1;
}
