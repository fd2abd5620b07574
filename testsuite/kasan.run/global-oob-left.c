/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A load just before a global array is a global-out-of-bounds: the
   plugin gives every protected global a redzone on its left too (the
   right redzone of the object before it, or its section's pad).  GCC
   gives none (the kernel's kasan_global_oob_left case is skipped for
   GCC), so native GCC is expected to miss it.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "GCC has no left redzones of globals" kasan-native } */
#include <stdlib.h>
#include <string.h>

static char before[32] = { 1 };
char gbuf[10] = { 1 };

__attribute__((noipa)) static char load(char *p, long i)
{
	return p[i];
}

int main(void)
{
	load(gbuf, -3);
	return before[0] - 1;
}
/* { dg-output "BUG: KASAN: global-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
/* { dg-output "The buggy address is located 3 bytes to the left of the variable:\n gbuf\\+0x0/0x\[0-9a-f\]+\n" } */
