/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An inlined function's local outlives the inlined body through a
   pointer it hands out: its scope ends where the body does, inside the
   caller, which reads it after.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "nothing poisons the ended scope" kasan-no-use-after-scope } */

__attribute__((noipa)) static void fill(int *p)
{
	*p = 5;
}

__attribute__((noipa)) static int load(int *p)
{
	return *p;
}

static inline __attribute__((always_inline)) void helper(int **out)
{
	int local;

	fill(&local);
	*out = &local;
}

__attribute__((noipa)) static int frame(void)
{
	int *p;

	helper(&p);
	return load(p);
}

int main(void)
{
	return frame() - 5;
}
/* { dg-output "BUG: KASAN: stack-use-after-scope in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n.*" } */
/* { dg-output "This frame has \[0-9\]+ objects?:\n(.*\n)* \\\[\[0-9\]+, \[0-9\]+\\) .local.\n" } */
