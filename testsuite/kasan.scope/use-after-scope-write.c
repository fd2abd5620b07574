/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A store through a pointer to a block's array after the block.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "nothing poisons the ended scope" kasan-no-use-after-scope } */

__attribute__((noipa)) static void store(char *p, int i)
{
	p[i] = 1;
}

__attribute__((noipa)) static int frame(int i)
{
	char *p;
	int r;

	{
		char buf[40];

		p = buf;
		store(p, 0);
		r = buf[0];
	}
	store(p, i);
	return r;
}

int main(void)
{
	return frame(20) - 1;
}
/* { dg-output "BUG: KASAN: stack-use-after-scope in store\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "This frame has \[0-9\]+ objects?:\n(.*\n)* \\\[\[0-9\]+, \[0-9\]+\\) .buf.\n" } */
