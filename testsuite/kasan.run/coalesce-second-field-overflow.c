/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A list_head read from an 8-byte heap object: its prev field lies past
   the object.  The plugin checks next and prev as one 16-byte read (the
   report gives that union and where it goes bad); native GCC reports the
   8-byte read of prev.  */
/* { dg-do run { target x86_64-*-* } } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

struct list_head { struct list_head *next, *prev; };

__attribute__((noipa)) static long both(struct list_head *e)
{
	struct list_head *n = e->next, *p = e->prev;

	return (long)n ^ (long)p;
}

int main(void)
{
	struct list_head *e = calloc(1, 8);

	both(e);
	free(e);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in both\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size (16|8) at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
