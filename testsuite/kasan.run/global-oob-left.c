/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A load just before a global array.  Neither GCC nor the plugin puts a redzone to the left of a global yet (the kernel's kasan_global_oob_left case is skipped for GCC): an expected failure until the plugin has left redzones. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "no left redzones of globals" kasan-plugin kasan-native } */
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
