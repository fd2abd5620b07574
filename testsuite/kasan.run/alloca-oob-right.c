/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A load just past a VLA is an alloca-out-of-bounds. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

__attribute__((noipa)) static char load(volatile char *p, long i)
{
	return p[i];
}

__attribute__((noipa)) static int vla(int n)
{
	volatile char a[n];

	a[0] = 1;
	return load(a, n);
}

int main(void)
{
	return vla(10);
}
/* { dg-output "BUG: KASAN: alloca-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
