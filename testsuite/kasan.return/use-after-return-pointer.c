/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A function returns a pointer to its own local; the caller reads
   through it after the return.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "the frame was on the real stack" kasan-no-use-after-return } */

__attribute__((noipa)) static int *escape(int *p)
{
	return p;
}

__attribute__((noipa)) static int *dangling(int v)
{
	int local = v;

	return escape(&local);
}

__attribute__((noipa)) static int load(const int *p)
{
	return *p;
}

int main(void)
{
	int *p = dangling(7);

	return load(p) == 7 ? 0 : 2;
}
/* { dg-output "BUG: KASAN: stack-use-after-return in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n\]*\n(.*\n)*" } */
/* { dg-output "The buggy address belongs to the fake stack of task \[^\n\]*\n and is located at offset \[0-9\]+ in frame:\n dangling\\+0x0/0x\[0-9a-f\]+\n(.*\n)*" } */
/* { dg-output "This frame has 1 object:\n \\\[\[0-9\]+, \[0-9\]+\\) .local.\n" } */
