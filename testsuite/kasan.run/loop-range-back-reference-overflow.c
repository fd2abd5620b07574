/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An LZ back-reference copy whose store address is an induction variable
   plus an invariant (MEM[iv + dist] after ivopts), checked by one range
   before the loop.  A copy that writes a byte past the buffer is reported,
   with the run of stores from the copy's first byte (legal-loop-ranges.c
   has one that ends at the last byte).  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

#include <stdlib.h>

__attribute__((noipa)) static void copy_match(unsigned char *out,
					      unsigned long o,
					      unsigned long dist,
					      unsigned long len)
{
	for (unsigned long k = 0; k < len; k++, o++)
		out[o] = out[o - dist];
}

int main(void)
{
	unsigned char *out = calloc(40, 1);

	copy_match(out, 30, 25, 11);
	free(out);
	return 0;
}
/* { dg-output "BUG: KASAN: slab-out-of-bounds in copy_match\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Write of size (11|1) at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
