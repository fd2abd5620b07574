// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the runtime core, run on the hosted platform: shadow
 * poisoning at every granule offset, range queries against a byte-by-byte
 * reference, the range test before a versioned loop, the small-access
 * checks, the slot layout, the redzone check, the quarantine's bound, fake
 * frames, the core's printf and the order of a report's lines.  Not
 * instrumented: it calls the core directly.  Prints "PASS: name" or
 * "FAIL: name (why)" per test, as DejaGnu does.
 *
 *   core-unit          exit status 1 if any test failed
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "kasan_core.h"

static int failures;

static void result(const char *name, int ok, const char *why)
{
	if (ok)
		printf("PASS: core: %s\n", name);
	else
		printf("FAIL: core: %s (%s)\n", name, why);
	failures += !ok;
}

/* A granule-aligned test area with its own redzone-filled shadow. */
static char area[512] __attribute__((aligned(64)));

static int reference_bad(const unsigned char *ok, unsigned long off)
{
	return !ok[off];
}

/*
 * kasan_unpoison(start, size) at every start offset (granule-aligned, as
 * required) and size 0..40: the shadow must be 0 for whole granules, the
 * byte count for a partial last one, and untouched after.
 */
static void test_unpoison(void)
{
	char why[128] = "";
	int ok = 1;

	for (size_t start = 0; start < 64 && ok; start += 8) {
		for (size_t size = 0; size <= 40 && ok; size++) {
			uint8_t *s;

			kasan_poison(area, sizeof(area), KASAN_SLAB_REDZONE);
			kasan_unpoison(area + start, size);
			s = kasan_shadow_of(area + start);
			for (size_t g = 0; g < (size + 7) / 8 + 1; g++) {
				uint8_t want = g < size / 8 ? 0 :
					       g == size / 8 && size % 8 ?
					       size % 8 : KASAN_SLAB_REDZONE;
				if (s[g] != want) {
					snprintf(why, sizeof(why),
						 "start %zu size %zu granule %zu: %02x, want %02x",
						 start, size, g, s[g], want);
					ok = 0;
					break;
				}
			}
		}
	}
	result("unpoison at every offset and size", ok, why);
}

/* kasan_poison() rounds the size up to whole granules. */
static void test_poison(void)
{
	int ok = 1;

	kasan_unpoison(area, sizeof(area));
	kasan_poison(area + 16, 9, KASAN_GLOBAL_REDZONE);
	ok &= kasan_shadow_of(area)[1] == 0;
	ok &= kasan_shadow_of(area)[2] == KASAN_GLOBAL_REDZONE;
	ok &= kasan_shadow_of(area)[3] == KASAN_GLOBAL_REDZONE;
	ok &= kasan_shadow_of(area)[4] == 0;
	result("poison rounds up to granules", ok, "shadow bytes differ");
}

/* Granules of the first 256 bytes of area, each whole, partial or bad. */
static void random_granules(unsigned char *ok_byte, int bad_one_in)
{
	kasan_poison(area, 256, KASAN_SLAB_REDZONE);
	memset(ok_byte, 0, 256);
	for (int g = 0; g < 32; g++) {
		int n = rand() % 3 ? 8 : rand() % 8;

		if (rand() % bad_one_in == 0)
			continue;
		kasan_unpoison(area + g * 8, n);
		memset(ok_byte + g * 8, 1, n);
	}
}

/*
 * kasan_first_bad_addr() and kasan_region_is_poisoned() for every range
 * [a, a + n) of a random accessibility pattern, against the answer byte
 * by byte.
 */
static void test_ranges(void)
{
	unsigned char ok_byte[256];
	char why[160] = "";
	int ok = 1;

	srand(1);
	for (int round = 0; round < 20 && ok; round++) {
		random_granules(ok_byte, 4);
		for (unsigned long a = 0; a < 200 && ok; a++) {
			for (unsigned long n = 1; n <= 56 && ok; n++) {
				unsigned long want = a + n, got;

				for (unsigned long b = a; b < a + n; b++)
					if (reference_bad(ok_byte, b)) {
						want = b;
						break;
					}
				got = kasan_first_bad_addr((unsigned long)area + a, n) -
				      (unsigned long)area;
				if (got != want ||
				    kasan_region_is_poisoned((unsigned long)area + a, n) !=
				    (want != a + n)) {
					snprintf(why, sizeof(why),
						 "round %d [%lu, +%lu): first bad %lu, want %lu",
						 round, a, n, got, want);
					ok = 0;
				}
			}
		}
	}
	result("first bad byte of every range", ok, why);
}

bool __kasan_range_accessible(unsigned long addr, size_t size);

/*
 * The plugin's range test before a versioned loop, at every start and
 * length in the area (shadow scanned a word at a time at any alignment):
 * true exactly when no byte of the range is bad.  A size that wraps, as
 * the plugin passes for a range it would not scan, is false; size 0 true.
 */
static void test_range_accessible(void)
{
	unsigned char ok_byte[256];
	char why[160] = "";
	int ok = 1;

	srand(2);
	for (int round = 0; round < 40 && ok; round++) {
		random_granules(ok_byte, round % 2 ? 4 : 60);
		for (unsigned long a = 0; a < 256 && ok; a++) {
			int bad = 0;

			for (unsigned long n = 1; a + n <= 256 && ok; n++) {
				bad |= reference_bad(ok_byte, a + n - 1);
				if (__kasan_range_accessible((unsigned long)area + a,
							     n) == !bad)
					continue;
				snprintf(why, sizeof(why),
					 "round %d [%lu, +%lu): %s, want %s", round,
					 a, n, bad ? "accessible" : "not",
					 bad ? "not" : "accessible");
				ok = 0;
			}
		}
	}
	kasan_unpoison(area, 256);
	if (ok && (__kasan_range_accessible((unsigned long)area, ~(size_t)0) ||
		   !__kasan_range_accessible((unsigned long)area + 3, 0))) {
		snprintf(why, sizeof(why), "size ~0 accepted or size 0 refused");
		ok = 0;
	}
	result("range test of every range", ok, why);
}

void __asan_load1_noabort(unsigned long addr);
void __asan_load2_noabort(unsigned long addr);
void __asan_load4_noabort(unsigned long addr);
void __asan_load8_noabort(unsigned long addr);
void __asan_load16_noabort(unsigned long addr);
void __asan_loadN_noabort(unsigned long addr, size_t size);

/* Reports go to a file while counting, so the test output stays short. */
static int quiet_fd = -1, saved_fd = -1;

static void quiet(const char *path)
{
	fflush(stderr);
	saved_fd = dup(2);
	quiet_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(quiet_fd, 2);
}

static void loud(void)
{
	fflush(stderr);
	dup2(saved_fd, 2);
	close(saved_fd);
	close(quiet_fd);
}

/*
 * Every small check at every offset next to an object of every size
 * 1..24 reports exactly when one of its bytes is out of the object.
 */
static void test_small_checks(void)
{
	static const size_t sizes[] = { 1, 2, 4, 8, 16 };
	char why[160] = "";
	int ok = 1;
	bool old = kasan_save_enable_multi_shot();

	quiet("/dev/null");
	for (size_t objsize = 1; objsize <= 24 && ok; objsize++) {
		kasan_poison(area, 64, KASAN_SLAB_REDZONE);
		kasan_unpoison(area + 16, objsize);
		for (unsigned int i = 0; i < 5 && ok; i++) {
			size_t n = sizes[i];

			for (size_t off = 8; off < 48 && ok; off++) {
				unsigned long before = kasan_report_count();
				unsigned long addr = (unsigned long)area + off;
				int want = off < 16 || off + n > 16 + objsize;
				int got;

				switch (n) {
				case 1: __asan_load1_noabort(addr); break;
				case 2: __asan_load2_noabort(addr); break;
				case 4: __asan_load4_noabort(addr); break;
				case 8: __asan_load8_noabort(addr); break;
				default: __asan_load16_noabort(addr); break;
				}
				got = kasan_report_count() != before;
				if (got != want) {
					snprintf(why, sizeof(why),
						 "%zu-byte load at %zu of a %zu-byte object: %s",
						 n, off - 16, objsize,
						 got ? "reported" : "not reported");
					ok = 0;
				}
				before = kasan_report_count();
				__asan_loadN_noabort(addr, n + 3);
				got = kasan_report_count() != before;
				want = off < 16 || off + n + 3 > 16 + objsize;
				if (got != want) {
					snprintf(why, sizeof(why),
						 "%zu-byte range at %zu of a %zu-byte object: %s",
						 n + 3, off - 16, objsize,
						 got ? "reported" : "not reported");
					ok = 0;
				}
			}
		}
	}
	loud();
	kasan_restore_multi_shot(old);
	kasan_unpoison(area, sizeof(area));
	result("small and N-byte checks next to every object size", ok, why);
}

/* The slot layout leaves room for the metadata and a growing redzone. */
static void test_layout(void)
{
	struct kasan_slot_layout l, prev = { 0 };
	char why[128] = "";
	int ok = 1;

	for (size_t size = 1; size <= 70000 && ok; size += size < 64 ? 1 : 37) {
		kasan_layout_slot(size, 0, 16, false, &l);
		if (l.object_size < size || l.object_size % 8 ||
		    l.alloc_meta_offset < l.object_size ||
		    l.free_meta_offset < l.alloc_meta_offset +
					 sizeof(struct kasan_alloc_meta) ||
		    l.left_redzone + l.free_meta_offset +
		    sizeof(struct kasan_free_meta) > l.slot_size ||
		    l.slot_size % KASAN_GRANULE_SIZE ||
		    l.slot_size - l.left_redzone - l.object_size < 16 ||
		    l.slot_size - l.left_redzone - l.object_size <
		    (prev.slot_size - prev.left_redzone - prev.object_size) / 2) {
			snprintf(why, sizeof(why), "object size %zu: slot %zu, "
				 "alloc meta at %zu, free meta at %zu", size,
				 l.slot_size, l.alloc_meta_offset,
				 l.free_meta_offset);
			ok = 0;
		}
		prev = l;
	}
	/* A 16-byte object holds its own free meta, as in mainline. */
	kasan_layout_slot(16, 0, 16, true, &l);
	ok &= l.free_meta_offset == 0;
	kasan_layout_slot(8, 0, 16, true, &l);
	ok &= l.free_meta_offset != 0;
	result("slot layout", ok, why);
}

/*
 * The quarantine never holds more than its limit, and keeps a freed
 * object poisoned (not reused) while it is inside.
 */
static void test_quarantine(void)
{
	enum { N = 200, SIZE = 100 };
	static char *objs[N];
	char why[128] = "";
	int ok = 1;

	kasan_quarantine_set_limit(10 * 128);
	for (int i = 0; i < N && ok; i++) {
		objs[i] = malloc(SIZE);
		free(objs[i]);
		if (kasan_quarantine_bytes() > 10 * 128) {
			snprintf(why, sizeof(why), "%zu bytes held, limit %d",
				 kasan_quarantine_bytes(), 10 * 128);
			ok = 0;
		}
		if (*kasan_shadow_of(objs[i]) != KASAN_SLAB_FREETRACK) {
			snprintf(why, sizeof(why), "freed object not poisoned");
			ok = 0;
		}
	}
	/* The newest frees are still inside: malloc must not return them. */
	for (int i = 0; i < 20 && ok; i++) {
		char *p = malloc(SIZE);

		for (int j = N - 5; j < N; j++)
			if (p == objs[j]) {
				snprintf(why, sizeof(why),
					 "object %d reused while in quarantine", j);
				ok = 0;
			}
	}
	kasan_quarantine_drain_all();
	ok &= kasan_quarantine_bytes() == 0;
	kasan_quarantine_set_limit(256 << 20);
	result("quarantine bound and FIFO", ok, why);
}

/*
 * The bound is on memory held back: a freed object counts with its
 * redzones and metadata, its whole slot.
 */
static void test_quarantine_counts_slots(void)
{
	struct kasan_object_info info;
	char why[128] = "";
	size_t before;
	char *p;
	int ok;

	kasan_quarantine_drain_all();
	before = kasan_quarantine_bytes();
	p = malloc(100);
	ok = kasan_plat_find_object((unsigned long)p, &info);
	free(p);
	ok = ok && info.held_size >= 128 + 32 &&
	     kasan_quarantine_bytes() - before == info.held_size;
	if (!ok)
		snprintf(why, sizeof(why), "one free of a %zu-byte slot: "
			 "%zu bytes held", info.held_size,
			 kasan_quarantine_bytes() - before);
	kasan_quarantine_drain_all();
	result("quarantine counts whole slots", ok, why);
}

/*
 * A shrink (memory pressure) gives back at least what it was asked for,
 * oldest first, says how much, and leaves the rest inside.
 */
static void test_quarantine_shrink(void)
{
	enum { N = 20, SIZE = 100 };
	static char *objs[N];
	size_t held, freed;
	char why[128] = "";
	int ok = 1;

	kasan_quarantine_drain_all();
	for (int i = 0; i < N; i++) {
		objs[i] = malloc(SIZE);
		free(objs[i]);
	}
	held = kasan_quarantine_bytes();
	freed = kasan_quarantine_shrink(3 * 112);
	if (freed < 3 * 112 || freed >= held ||
	    kasan_quarantine_bytes() != held - freed) {
		snprintf(why, sizeof(why), "held %zu, asked 336, gave %zu, "
			 "holds %zu", held, freed, kasan_quarantine_bytes());
		ok = 0;
	}
	/* The oldest went back: the next malloc() reuses one of them. */
	if (ok) {
		char *p = malloc(SIZE);
		int i = 0;

		while (i < N && objs[i] != p)
			i++;
		if (i >= N / 2) {
			snprintf(why, sizeof(why), "reused object %d of %d, not "
				 "one of the oldest", i, N);
			ok = 0;
		}
		free(p);
	}
	freed = kasan_quarantine_shrink((size_t)-1 / 2);
	ok &= kasan_quarantine_bytes() == 0 && freed > 0;
	result("quarantine shrink", ok, why);
}

static void check_format(const char *want, const char *fmt, ...)
{
	char buf[128], why[200];
	__builtin_va_list args;

	__builtin_va_start(args, fmt);
	kasan_vsnprintf(buf, sizeof(buf), fmt, args);
	__builtin_va_end(args);
	char name[64];

	snprintf(name, sizeof(name), "format \"%s\"", fmt);
	snprintf(why, sizeof(why), "gave \"%s\", want \"%s\"", buf, want);
	result(name, !strcmp(buf, want), why);
}

static void test_format(void)
{
	char small[6];

	check_format("a 42 -7 4294967295", "a %d %i %u", 42, -7, 4294967295u);
	check_format("ff FF 0000abcd", "%x %X %08lx", 255, 255, 0xabcdUL);
	check_format("18446744073709551615", "%llu", 18446744073709551615ULL);
	check_format("-0042|  7|7  |", "%05d|%3d|%-3d|", -42, 7, 7);
	check_format("[ab   ] x (null)", "[%-5s] %c %s", "ab", 'x', (char *)0);
	check_format("00007fff8000abcd", "%p", (void *)0x7fff8000abcdUL);
	check_format("    ^", "%*c", 5, '^');
	check_format("100% 12 34", "100%% %zu %ld", (size_t)12, 34L);
	result("snprintf truncates and counts",
	       kasan_snprintf(small, sizeof(small), "%s", "abcdefgh") == 8 &&
	       !strcmp(small, "abcde"), "truncation");
}

/*
 * Fake frames: a frame of the size class, with its shadow clear; poisoned
 * when released and not handed out again before every other frame of its
 * class has been (the ring is the quarantine); the real frame once all
 * are in use, or for a frame larger than the largest class.
 */
#define FAKE_CLASSES_BYTES (KASAN_FAKE_STACK_SIZE / 8)

static void test_fake_frames(void)
{
	static void *held[FAKE_CLASSES_BYTES / 4096];
	unsigned long real_frame[2];
	void *real = real_frame, *first, *f;
	unsigned int n64 = FAKE_CLASSES_BYTES / 64, n4k = FAKE_CLASSES_BYTES / 4096;
	unsigned int i, reused_at = 0;
	int ok;

	first = __kasan_fake_frame_alloc(64, real);
	ok = first != real && !((unsigned long)first & 63) &&
	     !kasan_region_is_poisoned((unsigned long)first, 64);
	__kasan_fake_frame_release(first, 64);
	ok = ok && *kasan_shadow_of(first) == KASAN_STACK_AFTER_RETURN &&
	     *kasan_shadow_of((char *)first + 56) == KASAN_STACK_AFTER_RETURN;
	result("fake frame: given clear, poisoned when released", ok,
	       "shadow");

	for (i = 1; i <= n64 && !reused_at; i++) {
		f = __kasan_fake_frame_alloc(64, real);
		if (f == first)
			reused_at = i;
		__kasan_fake_frame_release(f, 64);
	}
	result("fake frame: reused only after its whole class",
	       reused_at == n64, "reused too soon or never");

	for (i = 0; i < n4k; i++)
		held[i] = __kasan_fake_frame_alloc(4096, real);
	ok = held[n4k - 1] != real && __kasan_fake_frame_alloc(4000, real) == real &&
	     __kasan_fake_frame_alloc(4097, real) == real;
	for (i = 0; i < n4k; i++)
		if (held[i] != real)
			__kasan_fake_frame_release(held[i], 4096);
	result("fake frame: the real one when the class is full or too small",
	       ok, "a fake frame");
}

/* A report has mainline's lines, in mainline's order. */
static void test_report_lines(void)
{
	static const char *const order[] = {
		"==================================================================",
		"BUG: KASAN: slab-out-of-bounds in ",
		"Write of size 1 at addr ",
		"Call Trace:",
		"Allocated by task ",
		"The buggy address belongs to the object at ",
		" which belongs to the cache malloc-16 of size 16",
		"The buggy address is located 0 bytes to the right of",
		" allocated 13-byte region [",
		"Memory state around the buggy address:",
		">",
		"==================================================================",
	};
	char path[] = "/tmp/kasan-core-unit-XXXXXX", text[16384], why[160] = "";
	char *p = malloc(13), *at;
	size_t n = 0;
	bool old = kasan_save_enable_multi_shot();
	int fd = mkstemp(path), ok = 1;
	FILE *f;

	close(fd);
	quiet(path);
	__asan_load1_noabort((unsigned long)p + 13);
	{
		void __asan_store1_noabort(unsigned long addr);
		__asan_store1_noabort((unsigned long)p + 13);
	}
	loud();
	kasan_restore_multi_shot(old);
	f = fopen(path, "r");
	if (f) {
		n = fread(text, 1, sizeof(text) - 1, f);
		fclose(f);
	}
	text[n] = '\0';
	unlink(path);
	/* The second report, the store's. */
	at = strstr(text, "Write of size");
	at = at ? at : text;
	while (at > text && strncmp(at, "BUG: KASAN:", 11))
		at--;
	/* Back over the rule line before the title. */
	at -= at - text >= 67 ? 67 : at - text;
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]) && ok; i++) {
		char *next = strstr(at, order[i]);

		if (!next) {
			snprintf(why, sizeof(why), "no \"%s\" after the line before",
				 order[i]);
			ok = 0;
		} else {
			at = next + strlen(order[i]);
		}
	}
	free(p);
	result("report lines in mainline's order", ok, why);
}

/*
 * The redzone check (redzone.c): a live object's unrequested bytes and
 * its right redzone before the metadata hold the pattern; damage there
 * is reported at free, once; a tail ksize() made accessible is not
 * redzone; shrinking in place fills what it gives up.  Malloc'ed
 * objects, written directly (this file has no checks).
 */
static bool holds_pattern(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((uint8_t)p[i] != KASAN_REDZONE_PATTERN)
			return false;
	return true;
}

static void test_redzone_check(void)
{
	bool multi = kasan_save_enable_multi_shot();
	struct kasan_object_info info;
	unsigned long before;
	char why[128] = "";
	char *p = malloc(300);
	int ok;

	ok = kasan_plat_find_object((unsigned long)p, &info) &&
	     info.redzone_end > info.redzone_start &&
	     holds_pattern(p + 300, info.object_size - 300) &&
	     holds_pattern(p + info.redzone_start,
			   info.redzone_end - info.redzone_start);
	if (!ok)
		snprintf(why, sizeof(why), "no pattern after a 300-byte object");
	before = kasan_report_count();
	p[info.redzone_start + 3] = 0;
	free(p);
	if (ok && kasan_report_count() != before + 1) {
		snprintf(why, sizeof(why), "damaged right redzone: %lu reports",
			 kasan_report_count() - before);
		ok = 0;
	}
	before = kasan_report_count();
	p = malloc(40);
	kasan_unpoison(p, 48);		/* what ksize() does */
	p[44] = 1;
	free(p);
	if (ok && kasan_report_count() != before) {
		snprintf(why, sizeof(why), "a ksize()d tail reported");
		ok = 0;
	}
	p = malloc(40);
	p = realloc(p, 36);		/* the same 48-byte class: in place */
	if (ok && !holds_pattern(p + 36, 12)) {
		snprintf(why, sizeof(why), "shrunk in place, no pattern");
		ok = 0;
	}
	free(p);
	kasan_quarantine_drain_all();
	kasan_restore_multi_shot(multi);
	result("redzone check: pattern, damage at free, ksize, shrink", ok, why);
}

/* The metadata is at the slot's end, a redzone gap before it. */
static void test_layout_redzone_gap(void)
{
	struct kasan_slot_layout l;
	int ok;

	kasan_layout_slot(128, 128, 0, true, &l);
	ok = l.redzone_offset == 128 && l.alloc_meta_offset > 128 &&
	     l.meta_end <= l.slot_size && l.free_meta_offset == 0;
	kasan_layout_slot(8, 8, 0, true, &l);
	ok &= l.alloc_meta_offset >= 8 && l.free_meta_offset >=
	      l.alloc_meta_offset + sizeof(struct kasan_alloc_meta) &&
	      l.meta_end <= l.slot_size;
	result("slot layout: metadata after the right redzone", ok,
	       "metadata right after the object, or past the slot");
}

int main(void)
{
	test_unpoison();
	test_poison();
	test_ranges();
	test_range_accessible();
	test_small_checks();
	test_layout();
	test_layout_redzone_gap();
	test_redzone_check();
	test_quarantine();
	test_quarantine_counts_slots();
	test_quarantine_shrink();
	test_fake_frames();
	test_format();
	test_report_lines();
	kasan_unpoison(area, sizeof(area));
	return failures != 0;
}
