/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Two locals of disjoint scopes share a slot of the frame.  The first's
   scope has ended and the second's has not begun: a read through a
   pointer to the first is reported.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "nothing poisons the ended scope" kasan-no-use-after-scope } */

__attribute__((noipa)) static void fill(char *p, char **out)
{
	p[0] = 1;
	*out = p;
}

__attribute__((noipa)) static int load(char *p)
{
	return p[0];
}

__attribute__((noipa)) static int frame(void)
{
	char *p;
	int r;

	{
		char first[24];

		fill(first, &p);
	}
	r = load(p);
	{
		char second[24];

		fill(second, &p);
		r += load(p);
	}
	return r;
}

int main(void)
{
	return frame() - 2;
}
/* { dg-output "BUG: KASAN: stack-use-after-scope in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output "This frame has \[0-9\]+ objects?:\n(.*\n)* \\\[\[0-9\]+, \[0-9\]+\\) .first.\n" } */
