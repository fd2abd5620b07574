/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An explicit check (the kernel's __kasan_check_write before an atomic
   written in asm, which no compiler sees) of four bytes just past a heap
   object is reported as the 4-byte write it checks for.  The plugin
   replaced the call by its own check: this program's
   __kasan_check_write, which checks nothing, never runs, and nothing
   else here is checked.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */
/* { dg-kasan-xfail-run "native GCC keeps the explicit check a call" kasan-native } */

#include <stdlib.h>

__attribute__((noipa)) _Bool __kasan_check_write(const volatile void *p,
						 unsigned int size)
{
	return 1;
}

__attribute__((noipa)) static void atomic_inc(int *v)
{
	__kasan_check_write(v, sizeof(*v));
	__asm__ volatile("" : : "r"(v) : "memory");
}

int main(void)
{
	int *p = malloc(4 * sizeof(int));

	atomic_inc(p + 4);
	free(p);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in atomic_inc\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
