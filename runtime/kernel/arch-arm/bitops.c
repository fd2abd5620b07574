// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checked atomic bitops on ARM, beyond mainline.
 *
 * An SMP ARM kernel calls assembly for every atomic bitop (asm/bitops.h:
 * set_bit() is _set_bit() there, whatever nr is), which no compiler
 * instruments, so KUnit's kasan_bitops_generic saw no report for them.
 * The kernel glue names each _set_bit_unchecked() and so on too and makes
 * the plain name weak; these take the plain name and check the word the
 * operation reads and writes, as <asm-generic/bitops/instrumented-atomic.h>
 * does where an architecture uses it, then do it (a report does not stop
 * the operation there either).  armksyms.c exports the names, which
 * resolve here.  The _sync_ and find bitops stay unchecked.
 */
#include <linux/kernel.h>
#include <linux/bitops.h>

#include "kasan_kernel.h"

void _set_bit_unchecked(int nr, volatile unsigned long *p);
void _clear_bit_unchecked(int nr, volatile unsigned long *p);
void _change_bit_unchecked(int nr, volatile unsigned long *p);
int _test_and_set_bit_unchecked(int nr, volatile unsigned long *p);
int _test_and_clear_bit_unchecked(int nr, volatile unsigned long *p);
int _test_and_change_bit_unchecked(int nr, volatile unsigned long *p);

/* The word bit nr of p is in, written (and read) by the operation. */
static void check_bit_word(int nr, volatile unsigned long *p,
			   unsigned long ip)
{
	kasan_check_range((unsigned long)(p + BIT_WORD(nr)),
			  sizeof(unsigned long), true, ip);
}

void _set_bit(int nr, volatile unsigned long *p)
{
	check_bit_word(nr, p, _RET_IP_);
	_set_bit_unchecked(nr, p);
}

void _clear_bit(int nr, volatile unsigned long *p)
{
	check_bit_word(nr, p, _RET_IP_);
	_clear_bit_unchecked(nr, p);
}

void _change_bit(int nr, volatile unsigned long *p)
{
	check_bit_word(nr, p, _RET_IP_);
	_change_bit_unchecked(nr, p);
}

int _test_and_set_bit(int nr, volatile unsigned long *p)
{
	check_bit_word(nr, p, _RET_IP_);
	return _test_and_set_bit_unchecked(nr, p);
}

int _test_and_clear_bit(int nr, volatile unsigned long *p)
{
	check_bit_word(nr, p, _RET_IP_);
	return _test_and_clear_bit_unchecked(nr, p);
}

int _test_and_change_bit(int nr, volatile unsigned long *p)
{
	check_bit_word(nr, p, _RET_IP_);
	return _test_and_change_bit_unchecked(nr, p);
}
