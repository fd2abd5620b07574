// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The core's own printf: both platforms print reports through it, so the
 * text is the same byte for byte, and it allocates nothing and calls
 * nothing that is instrumented.  Conversions: %s %c %d %i %u %x %X %p %%,
 * length modifiers l, ll, z; flags '-' and '0'; a width, or '*'.  %p
 * prints 16 hex digits without "0x", as the kernel's %px does.
 */
#include "kasan_core.h"

struct out {
	char *buf;
	size_t size;
	size_t len;	/* as if the buffer were unbounded */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_padded(struct out *o, const char *s, size_t n, int width,
		       bool left, char pad)
{
	int fill = width > (int)n ? width - (int)n : 0;

	if (!left)
		while (fill-- > 0)
			put(o, pad);
	while (n--)
		put(o, *s++);
	if (left)
		while (fill-- > 0)
			put(o, ' ');
}

static size_t str_len(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

/*
 * v / base and v % base (base 2..16) by 32-bit divisions only: a 32-bit
 * kernel (ARM) has no 64-bit division to call.  The high word, then the
 * rest 16 bits at a time, so that remainder and dividend fit 32 bits.
 */
static unsigned long long div_small(unsigned long long v, unsigned int base,
				    unsigned int *rem)
{
	uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
	uint32_t q_hi = hi / base, r = hi % base;
	uint32_t mid = (r << 16) | (lo >> 16);
	uint32_t q_mid = mid / base;
	uint32_t low = ((mid % base) << 16) | (lo & 0xffff);

	*rem = low % base;
	return ((unsigned long long)q_hi << 32) | (q_mid << 16) | (low / base);
}

static void put_number(struct out *o, unsigned long long v, bool negative,
		       unsigned int base, bool upper, int width, bool left,
		       bool zero)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = sizeof(tmp);

	do {
		unsigned int digit;

		v = div_small(v, base, &digit);
		tmp[--n] = digits[digit];
	} while (v);
	if (negative) {
		if (zero && !left && width > 0) {
			/* The sign goes before the zeros. */
			put(o, '-');
			width--;
		} else {
			tmp[--n] = '-';
		}
	}
	put_padded(o, tmp + n, sizeof(tmp) - n, width, left,
		   zero && !left ? '0' : ' ');
}

int kasan_vsnprintf(char *buf, size_t size, const char *fmt,
		    __builtin_va_list args)
{
	struct out o = { buf, size, 0 };

	for (; *fmt; fmt++) {
		bool left = false, zero = false;
		int width = 0, longs = 0;
		bool is_size = false;
		unsigned long long v;
		const char *s;
		char c;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '-')
				left = true;
			else if (*fmt == '0')
				zero = true;
			else
				break;
		}
		if (*fmt == '*') {
			width = __builtin_va_arg(args, int);
			if (width < 0) {
				left = true;
				width = -width;
			}
			fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		for (;; fmt++) {
			if (*fmt == 'l')
				longs++;
			else if (*fmt == 'z')
				is_size = true;
			else
				break;
		}

		switch (*fmt) {
		case '%':
			put(&o, '%');
			break;
		case 'c':
			c = (char)__builtin_va_arg(args, int);
			put_padded(&o, &c, 1, width, left, ' ');
			break;
		case 's':
			s = __builtin_va_arg(args, const char *);
			if (!s)
				s = "(null)";
			put_padded(&o, s, str_len(s), width, left, ' ');
			break;
		case 'd':
		case 'i': {
			long long sv;

			if (longs >= 2)
				sv = __builtin_va_arg(args, long long);
			else if (longs || is_size)
				sv = __builtin_va_arg(args, long);
			else
				sv = __builtin_va_arg(args, int);
			v = sv < 0 ? 0ULL - (unsigned long long)sv :
				     (unsigned long long)sv;
			put_number(&o, v, sv < 0, 10, false, width, left, zero);
			break;
		}
		case 'u':
		case 'x':
		case 'X':
			if (longs >= 2)
				v = __builtin_va_arg(args, unsigned long long);
			else if (longs || is_size)
				v = __builtin_va_arg(args, unsigned long);
			else
				v = __builtin_va_arg(args, unsigned int);
			put_number(&o, v, false, *fmt == 'u' ? 10 : 16,
				   *fmt == 'X', width, left, zero);
			break;
		case 'p':
			v = (unsigned long)__builtin_va_arg(args, void *);
			put_number(&o, v, false, 16, false,
				   2 * sizeof(void *), false, true);
			break;
		case '\0':
			fmt--;
			break;
		default:
			/* Unknown: print it as written. */
			put(&o, '%');
			put(&o, *fmt);
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int kasan_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	__builtin_va_list args;
	int n;

	__builtin_va_start(args, fmt);
	n = kasan_vsnprintf(buf, size, fmt, args);
	__builtin_va_end(args);
	return n;
}

/*
 * Print whole lines: each '\n' ends one (a last piece without one is a
 * line too).  Long lines are cut at the buffer's size.
 */
void kasan_printf(const char *fmt, ...)
{
	char buf[512];
	__builtin_va_list args;
	char *line, *p;

	__builtin_va_start(args, fmt);
	kasan_vsnprintf(buf, sizeof(buf), fmt, args);
	__builtin_va_end(args);

	for (line = p = buf;; p++) {
		if (*p == '\n' || !*p) {
			bool last = !*p || !p[1];

			*p = '\0';
			kasan_plat_print_line(line);
			if (last)
				break;
			line = p + 1;
		}
	}
}
