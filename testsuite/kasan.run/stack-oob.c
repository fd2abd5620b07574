/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A load just past a local array is a stack-out-of-bounds, and the report names the frame and its object. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static char load(volatile char *p, size_t i)
{
	return p[i];
}

__attribute__((noipa)) static int frame(size_t i)
{
	volatile char stack_array[10];

	stack_array[0] = 1;
	return load(stack_array, i);
}

int main(void)
{
	return frame(10);
}
/* { dg-output "BUG: KASAN: stack-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to stack of task \[^\n\]*\n and is located at offset \[0-9\]+ in frame:\n frame\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\n\nThis frame has 1 object:\n \\\[\[0-9\]+, \[0-9\]+\\) .stack_array.\n" } */
