// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KASAN_OPTIONS: the run-time options of the hosted runtime, as
 * "key=value" items separated by ':' or ',':
 *
 *   fault=report|panic    panic: abort() after the first report
 *   multi_shot=0|1        print every report, not only the first
 *   quarantine_size=N     bytes of freed heap held back (k, m, g suffixes)
 *   stacktrace=0|1        save allocation and free stacks
 *   redzone_check=0|1     fill heap redzones with a pattern and check it
 *                         at free and when the quarantine lets go
 *                         (default 1)
 *   stack_use_after_return=0|1
 *                         give frames of functions built with the
 *                         plugin's use-after-return from fake stacks
 *                         (default 1)
 *   exitcode=N            exit status of a program that would exit 0
 *                         after a report (0: leave it alone)
 *   log_path=FILE         reports go to FILE as well as to stderr
 *
 * An unknown key or a bad value ends the program at start-up, naming it:
 * a misspelt option silently ignored would make a test pass for nothing.
 */
#include <fcntl.h>
#include <unistd.h>

#include "hosted.h"

struct kasan_hosted_options kasan_hosted_options = {
	.exitcode = 1,
	.quarantine_size = 256UL << 20,
	.log_fd = -1,
};

#define ENV_NAME	"KASAN_OPTIONS"

struct item {
	const char *key;
	size_t key_len;
	const char *value;
	size_t value_len;
};

static bool item_is(const struct item *it, const char *key)
{
	size_t i;

	for (i = 0; i < it->key_len; i++)
		if (key[i] != it->key[i])
			return false;
	return key[i] == '\0';
}

static bool value_is(const struct item *it, const char *value)
{
	size_t i;

	for (i = 0; i < it->value_len; i++)
		if (value[i] != it->value[i])
			return false;
	return value[i] == '\0';
}

/* kasan_printf() has no precision: copy a piece to print it. */
static const char *piece(char *buf, size_t size, const char *s, size_t len)
{
	if (len >= size)
		len = size - 1;
	kasan_hosted_memcpy(buf, s, len);
	buf[len] = '\0';
	return buf;
}

static void __attribute__((noreturn)) bad_value(const struct item *it,
						const char *expected)
{
	char key[64], value[256];

	kasan_hosted_fatal("KASAN: bad value '%s' for option '%s' in "
			   ENV_NAME " (expected %s)",
			   piece(value, sizeof(value), it->value,
				 it->value_len),
			   piece(key, sizeof(key), it->key, it->key_len),
			   expected);
}

static bool parse_bool(const struct item *it)
{
	if (value_is(it, "0"))
		return false;
	if (value_is(it, "1"))
		return true;
	bad_value(it, "0 or 1");
}

/* A decimal number, with a k/m/g suffix if suffix_ok. */
static unsigned long parse_number(const struct item *it, bool suffix_ok,
				  unsigned long max, const char *expected)
{
	unsigned long v = 0;
	size_t i;
	int shift = 0;

	if (!it->value_len)
		bad_value(it, expected);
	for (i = 0; i < it->value_len; i++) {
		char c = it->value[i];

		if (c >= '0' && c <= '9') {
			if (v > (max - (c - '0')) / 10)
				bad_value(it, expected);
			v = v * 10 + (c - '0');
			continue;
		}
		if (!suffix_ok || i == 0 || i + 1 != it->value_len)
			bad_value(it, expected);
		if (c == 'k' || c == 'K')
			shift = 10;
		else if (c == 'm' || c == 'M')
			shift = 20;
		else if (c == 'g' || c == 'G')
			shift = 30;
		else
			bad_value(it, expected);
	}
	if (shift && v > (max >> shift))
		bad_value(it, expected);
	return v << shift;
}

static void open_log(const struct item *it)
{
	char path[4096];

	if (!it->value_len || it->value_len >= sizeof(path))
		bad_value(it, "a file name");
	kasan_hosted_memcpy(path, it->value, it->value_len);
	path[it->value_len] = '\0';
	if (kasan_hosted_options.log_fd >= 0)
		close(kasan_hosted_options.log_fd);
	kasan_hosted_options.log_fd = open(path, O_WRONLY | O_CREAT |
					   O_APPEND | O_CLOEXEC, 0644);
	if (kasan_hosted_options.log_fd < 0)
		kasan_hosted_fatal("KASAN: cannot open log_path '%s'", path);
}

static void apply(const struct item *it)
{
	if (item_is(it, "fault")) {
		if (value_is(it, "report"))
			kasan_options.panic_on_report = false;
		else if (value_is(it, "panic"))
			kasan_options.panic_on_report = true;
		else
			bad_value(it, "report or panic");
	} else if (item_is(it, "multi_shot")) {
		kasan_options.multi_shot = parse_bool(it);
	} else if (item_is(it, "stacktrace")) {
		kasan_options.stacktrace = parse_bool(it);
	} else if (item_is(it, "redzone_check")) {
		/* Only off once objects exist: see core/options.c. */
		if (!parse_bool(it))
			kasan_options.redzone_check = false;
	} else if (item_is(it, "stack_use_after_return")) {
		__kasan_use_after_return = parse_bool(it);
	} else if (item_is(it, "quarantine_size")) {
		kasan_hosted_options.quarantine_size =
			parse_number(it, true, ~0UL, "a size in bytes, "
				     "with k, m or g");
	} else if (item_is(it, "exitcode")) {
		kasan_hosted_options.exitcode =
			parse_number(it, false, 255, "0 to 255");
	} else if (item_is(it, "log_path")) {
		open_log(it);
	} else {
		char key[64];

		kasan_hosted_fatal("KASAN: unknown option '%s' in " ENV_NAME
				   " (known: fault, multi_shot, "
				   "quarantine_size, stacktrace, "
				   "stack_use_after_return, exitcode, "
				   "log_path)",
				   piece(key, sizeof(key), it->key,
					 it->key_len));
	}
}

static void parse(const char *s)
{
	while (*s) {
		struct item it;
		const char *eq;

		if (*s == ':' || *s == ',') {
			s++;
			continue;
		}
		it.key = s;
		while (*s && *s != ':' && *s != ',')
			s++;
		for (eq = it.key; eq < s && *eq != '='; eq++)
			;
		if (eq == s) {
			char key[64];

			kasan_hosted_fatal("KASAN: option '%s' in " ENV_NAME
					   " has no value (key=value)",
					   piece(key, sizeof(key), it.key,
						 s - it.key));
		}
		it.key_len = eq - it.key;
		it.value = eq + 1;
		it.value_len = s - it.value;
		apply(&it);
	}
}

static bool starts_with_name(const char *s)
{
	const char *name = ENV_NAME "=";

	while (*name)
		if (*s++ != *name++)
			return false;
	return true;
}

void kasan_hosted_parse_options(char **envp)
{
	static bool done;

	if (done || !envp)
		return;
	done = true;
	__kasan_use_after_return = 1;
	for (; *envp; envp++)
		if (starts_with_name(*envp))
			parse(*envp + sizeof(ENV_NAME));
}
