/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The last element of a global, of a local array, of a VLA, and aligned
   allocations: no report.  */
/* { dg-do run } */

#include <stdlib.h>
#include <string.h>

char gbuf[13];
static int garr[7] = { 1 };

__attribute__((noipa)) static int last(volatile char *p, size_t n)
{
	return p[n - 1];
}

__attribute__((noipa)) static int frame(int n)
{
	volatile char local[11];
	volatile char vla[n];

	local[10] = 1;
	vla[n - 1] = 2;
	return last(local, 11) + last(vla, n);
}

int main(void)
{
	void *p;

	gbuf[12] = 1;
	garr[6] = 2;
	if (last(gbuf, 13) != 1 || frame(5) != 3)
		return 1;
	for (size_t align = 16; align <= 4096; align *= 2) {
		if (posix_memalign(&p, align, 100) || (size_t)p % align)
			return 1;
		memset(p, 0, 100);
		free(p);
		p = aligned_alloc(align, align * 2);
		if (!p || (size_t)p % align)
			return 1;
		memset(p, 0, align * 2);
		free(p);
	}
	return garr[6] - 2;
}
