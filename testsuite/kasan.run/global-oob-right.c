/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A load just past a global array is a global-out-of-bounds. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

char gbuf[10];

__attribute__((noipa)) static char load(char *p, size_t i)
{
	return p[i];
}

int main(void)
{
	return load(gbuf, 10);
}
/* { dg-output "BUG: KASAN: global-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address belongs to the variable:\n gbuf\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\n" } */
