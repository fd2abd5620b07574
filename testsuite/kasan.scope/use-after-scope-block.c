/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A pointer to a block's local, read after the block: the local's
   granules were poisoned where its scope ended.  The report names the
   function's frame and the local.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "nothing poisons the ended scope" kasan-no-use-after-scope } */

__attribute__((noipa)) static void fill(int *p)
{
	*p = 1;
}

__attribute__((noipa)) static int load(int *p)
{
	return *p;
}

__attribute__((noipa)) static int frame(void)
{
	int *p;

	{
		int inner;

		p = &inner;
		fill(p);
	}
	return load(p);
}

int main(void)
{
	return frame() - 1;
}
/* { dg-output "BUG: KASAN: stack-use-after-scope in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to (the fake )?stack of task \[^\n\]*\n and is located at offset \[0-9\]+ in frame:\n frame\\+0x0/0x\[0-9a-f\]+\n.*" } */
/* { dg-output "This frame has \[0-9\]+ objects?:\n(.*\n)* \\\[\[0-9\]+, \[0-9\]+\\) .inner.\n" } */
