/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A pointer to a loop body's local, kept from the last iteration and
   read after the loop.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "nothing poisons the ended scope" kasan-no-use-after-scope } */

__attribute__((noipa)) static void keep(long *slot, int **out)
{
	*out = (int *)slot;
	*slot = 7;
}

__attribute__((noipa)) static int load(int *p)
{
	return *p;
}

__attribute__((noipa)) static int frame(int n)
{
	int *last = 0;
	int i, sum = 0;

	for (i = 0; i < n; i++) {
		long item;

		keep(&item, &last);
		sum += item;
	}
	return sum + load(last);
}

int main(void)
{
	return frame(3) != 0 ? 0 : 1;
}
/* { dg-output "BUG: KASAN: stack-use-after-scope in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "This frame has \[0-9\]+ objects?:\n(.*\n)* \\\[\[0-9\]+, \[0-9\]+\\) .item.\n" } */
