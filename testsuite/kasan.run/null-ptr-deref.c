/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An instrumented load through a NULL struct pointer is reported before the fault. */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>
#include <string.h>

struct s {
	int a, b;
};

__attribute__((noipa)) static int load(struct s *p)
{
	return p->b;
}

int main(void)
{
	return load(NULL);
}
/* { dg-output "BUG: KASAN: null-ptr-deref in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 4 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
