// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The hosted platform's plumbing: locks, where report lines go, what a
 * report does to the program (fault=panic, the exit status), and the
 * platform's part of an address description.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "hosted.h"

/* A spinlock that yields when the holder was preempted. */
unsigned long kasan_plat_lock(kasan_lock_t *lock)
{
	unsigned int spins = 0;

	while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE)) {
		while (__atomic_load_n(&lock->locked, __ATOMIC_RELAXED)) {
			if (++spins < 128)
				__builtin_ia32_pause();
			else
				sched_yield();
		}
	}
	return 0;
}

void kasan_plat_unlock(kasan_lock_t *lock, unsigned long flags)
{
	(void)flags;
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

static void write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		buf += n;
		len -= n;
	}
}

void kasan_hosted_write(const char *buf, size_t len)
{
	int saved_errno = errno;

	write_all(STDERR_FILENO, buf, len);
	if (kasan_hosted_options.log_fd >= 0)
		write_all(kasan_hosted_options.log_fd, buf, len);
	errno = saved_errno;
}

/* One write per line, so that lines of two processes do not mix. */
void kasan_plat_print_line(const char *line)
{
	char buf[1024];
	size_t len = kasan_hosted_strlen(line);

	if (len < sizeof(buf)) {
		kasan_hosted_memcpy(buf, line, len);
		buf[len] = '\n';
		kasan_hosted_write(buf, len + 1);
	} else {
		kasan_hosted_write(line, len);
		kasan_hosted_write("\n", 1);
	}
}

void kasan_hosted_fatal(const char *fmt, ...)
{
	char buf[1024];
	__builtin_va_list args;
	int n;

	__builtin_va_start(args, fmt);
	n = kasan_vsnprintf(buf, sizeof(buf) - 1, fmt, args);
	__builtin_va_end(args);
	if (n > (int)sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	buf[n] = '\n';
	kasan_hosted_write(buf, n + 1);
	_exit(1);
}

void kasan_plat_report_begin(void)
{
}

void kasan_plat_report_end(void)
{
	if (kasan_options.panic_on_report)
		abort();
}

void kasan_plat_die(void)
{
	if (kasan_options.panic_on_report)
		abort();
	_exit(kasan_hosted_options.exitcode ? kasan_hosted_options.exitcode
					    : 1);
}

/*
 * A program that reported and would exit 0 exits with exitcode instead,
 * so that a test run notices.  Registered in .preinit_array, before any
 * library or program constructor can register a handler of its own:
 * this one runs last, after the destructors.  stdio is flushed here as
 * exit() would after it.
 */
static void exit_status(int status, void *arg)
{
	(void)arg;
	if (status || !kasan_report_count() || !kasan_hosted_options.exitcode)
		return;
	fflush(NULL);
	_exit(kasan_hosted_options.exitcode);
}

void kasan_hosted_exit_init(void)
{
	on_exit(exit_status, NULL);
}

void kasan_plat_describe_address(unsigned long addr)
{
	if (kasan_hosted_describe_heap(addr) ||
	    kasan_hosted_describe_mapping(addr))
		kasan_printf("\n");
}
