/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Two locals of disjoint scopes share a slot of the frame (with the
   plugin, as with GCC): a load just past the second is still a
   stack-out-of-bounds.  With the plugin the report lists both objects of
   the slot; GCC names one.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stddef.h>

__attribute__((noipa)) static void fill(char *p)
{
	p[0] = 1;
}

__attribute__((noipa)) static char load(char *p, size_t i)
{
	return p[i];
}

__attribute__((noipa)) static int frame(size_t i)
{
	int r;

	{
		char first[10];

		fill(first);
		r = load(first, 0);
	}
	{
		char second[10];

		fill(second);
		r += load(second, i);
	}
	return r;
}

int main(void)
{
	return frame(10);
}
/* { dg-output "BUG: KASAN: stack-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "This frame has \[12\] objects?:\n \\\[32, 42\\) .(first|second).\n" } */
