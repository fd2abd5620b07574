/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A chain of functions with frames of every size class, and one larger
   than the largest (it keeps its real frame), each handing the address
   of its local down: the bottom reads them all.  No report.  */
/* { dg-do run } */

#include <string.h>

#define LEVEL(name, next, bytes)					\
	__attribute__((noipa)) static long name(char **seen, int n)	\
	{								\
		char buf[bytes];					\
									\
		memset(buf, n, sizeof(buf));				\
		seen[n] = buf;						\
		return next(seen, n + 1) + buf[sizeof(buf) - 1];	\
	}

__attribute__((noipa)) static long bottom(char **seen, int n)
{
	long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += seen[i][0];
	return s;
}

LEVEL(level7, bottom, 9000)
LEVEL(level6, level7, 3000)
LEVEL(level5, level6, 1500)
LEVEL(level4, level5, 700)
LEVEL(level3, level4, 300)
LEVEL(level2, level3, 100)
LEVEL(level1, level2, 40)
LEVEL(level0, level1, 8)

int main(void)
{
	char *seen[8];
	int i;

	for (i = 0; i < 1000; i++)
		if (level0(seen, 0) != 2 * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7))
			return 1;
	return 0;
}
