/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Two locals of disjoint scopes share a slot; a loop enters one then the
   other, each used through pointers a callee keeps.  The slot is poisoned
   when one scope ends and unpoisoned when the other begins.  No report.  */
/* { dg-do run } */

static char *kept;

__attribute__((noipa)) static void keep(char *p)
{
	kept = p;
	p[0] = 1;
}

__attribute__((noipa)) static int use_kept(void)
{
	return kept[0] + kept[23];
}

__attribute__((noipa)) static int frame(int n)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		{
			char first[24];

			keep(first);
			first[23] = 2;
			sum += use_kept();
		}
		{
			char second[24];

			keep(second);
			second[23] = 3;
			sum += use_kept();
		}
	}
	return sum;
}

int main(void)
{
	return frame(5) == 35 ? 0 : 1;
}
