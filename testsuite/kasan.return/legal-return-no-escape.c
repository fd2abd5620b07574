/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Locals whose address is taken and passed down, but never kept past
   their function's return: no report.  */
/* { dg-do run } */

#include <string.h>

struct request {
	int id;
	char name[13];
	long data[5];
};

__attribute__((noipa)) static void fill(struct request *r, int id)
{
	r->id = id;
	strcpy(r->name, "request");
	memset(r->data, id, sizeof(r->data));
}

__attribute__((noipa)) static long sum(const struct request *r)
{
	long s = r->id;
	int i;

	for (i = 0; i < 5; i++)
		s += r->data[i] & 0xff;
	return s + r->name[6];
}

__attribute__((noipa)) static long handle(int id)
{
	struct request r;
	int counter = 0;
	int *pc = &counter;

	fill(&r, id);
	*pc += 1;
	return sum(&r) + counter;
}

int main(void)
{
	long total = 0;
	int i;

	for (i = 0; i < 10000; i++)
		total += handle(i & 0x7f);
	return total > 0 ? 0 : 1;
}
