/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Recursion far deeper than a size class of the fake stack has frames:
   each level reads its callers' locals through pointers, and once the
   class is full the deeper levels run on their real frames.  No report,
   and the sums are right.  */
/* { dg-do run } */

struct level {
	const struct level *up;
	long value;
};

__attribute__((noipa)) static long walk_up(const struct level *l, int n)
{
	long s = 0;

	while (l && n--) {
		s += l->value;
		l = l->up;
	}
	return s;
}

__attribute__((noipa)) static long descend(const struct level *up, int depth)
{
	struct level here = { up, depth };
	long below;

	if (!depth)
		return walk_up(&here, 1000);
	below = descend(&here, depth - 1);
	return below + walk_up(&here, 3) - walk_up(&here, 3);
}

int main(void)
{
	int round;

	for (round = 0; round < 3; round++)
		if (descend(0, 5000) != 999L * 1000 / 2)
			return 1;
	return 0;
}
