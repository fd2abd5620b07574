/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A goto out of a block ends the block's scope too (the gimplifier
   clobbers its locals on that path): a later read through a pointer to
   one is reported.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "nothing poisons the ended scope" kasan-no-use-after-scope } */

__attribute__((noipa)) static void fill(int *p, int **out)
{
	*p = 3;
	*out = p;
}

__attribute__((noipa)) static int load(int *p)
{
	return *p;
}

__attribute__((noipa)) static int frame(int leave)
{
	int *p = 0;

	{
		int inner;

		fill(&inner, &p);
		if (leave)
			goto out;
		inner++;
	}
	return 0;
out:
	return load(p);
}

int main(void)
{
	return frame(1) - 3;
}
/* { dg-output "BUG: KASAN: stack-use-after-scope in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output "This frame has \[0-9\]+ objects?:\n(.*\n)* \\\[\[0-9\]+, \[0-9\]+\\) .inner.\n" } */
