/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A macro's statement expression with a local of its own, whose address
   a callee uses, expanded several times in a loop and in a condition.
   No report.  */
/* { dg-do run } */

__attribute__((noipa)) static int twice(const int *p)
{
	return *p * 2;
}

#define TWICE(x) ({ int __tmp = (x); twice(&__tmp); })

__attribute__((noipa)) static int frame(int n)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		if (TWICE(i) > 4)
			sum += TWICE(TWICE(i));
		else
			sum += TWICE(1);
	}
	return sum;
}

int main(void)
{
	/* i = 0, 1, 2: 2 each; i = 3, 4: 12 and 16.  */
	return frame(5) == 6 + 12 + 16 ? 0 : 1;
}
