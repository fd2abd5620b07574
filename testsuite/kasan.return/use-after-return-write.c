/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A function leaves the address of its local in a global; a later
   caller writes through it.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "the frame was on the real stack" kasan-no-use-after-return } */

static long *saved;

__attribute__((noipa)) static void keep(long *p)
{
	saved = p;
}

__attribute__((noipa)) static long register_result(void)
{
	long result[4] = { 1, 2, 3, 4 };

	keep(&result[2]);
	return result[0] + result[3];
}

__attribute__((noipa)) static void complete(long value)
{
	*saved = value;
}

int main(void)
{
	long sum = register_result();

	complete(sum);
	return 0;
}
/* { dg-output "BUG: KASAN: stack-use-after-return in complete\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output "Write of size 8 at addr \[0-9a-f\]+ by task \[^\n\]*\n(.*\n)*" } */
/* { dg-output " register_result\\+0x0/0x\[0-9a-f\]+\n(.*\n)*" } */
/* { dg-output " \\\[\[0-9\]+, \[0-9\]+\\) .result.\n" } */
