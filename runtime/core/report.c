// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reports, in mainline Linux's format so that people and tools read them
 * alike:
 *
 *   BUG: KASAN: slab-out-of-bounds in f+0x1c/0x40
 *   Write of size 1 at addr ... by task NAME/PID
 *   the current stack; the object's alloc and free stacks; what the
 *   address belongs to (heap object, global, stack frame); the shadow
 *   around it with a '^' under the bad granule.
 *
 * One report at a time (a lock), none while the task's depth says so
 * (kasan_disable_current(), or a fault inside a report); only the first
 * unless multi-shot.
 */
#include "kasan_core.h"

static kasan_lock_t report_lock = KASAN_LOCK_INITIALIZER;
static bool reported;
static unsigned long report_count;

#define REPORT_RULE \
	"=================================================================="

/* Shadow dump: rows of 16 shadow bytes, two rows either side. */
#define SHADOW_ROW_BYTES	16
#define SHADOW_ROW_MEMORY	(SHADOW_ROW_BYTES * KASAN_GRANULE_SIZE)
#define SHADOW_ROWS_AROUND	2

struct report_info {
	enum kasan_report_type type;
	unsigned long addr;
	size_t size;
	bool is_write;
	unsigned long ip;
	unsigned long first_bad;
	const char *bug_type;
};

unsigned long kasan_report_count(void)
{
	return __atomic_load_n(&report_count, __ATOMIC_RELAXED);
}

bool kasan_save_enable_multi_shot(void)
{
	bool old = kasan_options.multi_shot;

	kasan_options.multi_shot = true;
	return old;
}
KASAN_EXPORT(kasan_save_enable_multi_shot);

void kasan_restore_multi_shot(bool enabled)
{
	kasan_options.multi_shot = enabled;
}
KASAN_EXPORT(kasan_restore_multi_shot);

/* Only the first report is printed unless multi-shot. */
static bool report_enabled(void)
{
	if (kasan_options.multi_shot)
		return true;
	return !__atomic_exchange_n(&reported, true, __ATOMIC_RELAXED);
}

static const char *shadow_bug_type(uint8_t s, unsigned long addr)
{
	switch (s) {
	case KASAN_PAGE_REDZONE:
	case KASAN_SLAB_REDZONE:
		return "slab-out-of-bounds";
	case KASAN_GLOBAL_REDZONE:
		return "global-out-of-bounds";
	case KASAN_STACK_LEFT:
	case KASAN_STACK_MID:
	case KASAN_STACK_RIGHT:
	case KASAN_STACK_PARTIAL:
		return "stack-out-of-bounds";
	case KASAN_STACK_AFTER_SCOPE:
		return "stack-use-after-scope";
	case KASAN_STACK_AFTER_RETURN:
		return "stack-use-after-return";
	case KASAN_PAGE_FREE:
		return "use-after-free";
	case KASAN_SLAB_FREE:
	case KASAN_SLAB_FREETRACK:
		return kasan_plat_freed_bug_type(addr);
	case KASAN_ALLOCA_LEFT:
	case KASAN_ALLOCA_RIGHT:
		return "alloca-out-of-bounds";
	case KASAN_VMALLOC_INVALID:
		return "vmalloc-out-of-bounds";
	case KASAN_PAGE_GUARD:
		return "page-out-of-bounds";
	}
	/* Accessible shadow: the access raced with a poisoning. */
	if (s < KASAN_GRANULE_SIZE)
		return "out-of-bounds";
	return "unknown-crash";
}

static unsigned long first_bad_addr(unsigned long addr, size_t size)
{
	unsigned long bad;

	if (!kasan_plat_addr_has_shadow(addr))
		return addr;
	bad = kasan_first_bad_addr(addr, size);
	return bad == addr + size ? addr : bad;
}

/*
 * The bug type of an access, from the shadow of its first bad byte: a
 * partial granule (1..7) is the edge of what is named by the granule
 * after it.
 */
const char *kasan_bug_type(unsigned long addr, size_t size)
{
	const uint8_t *s;

	if (addr + size < addr)
		return "out-of-bounds";
	if (!kasan_plat_addr_has_shadow(addr))
		return kasan_plat_wild_bug_type(addr);
	s = kasan_shadow_of((void *)first_bad_addr(addr, size));
	if (*s > 0 && *s < KASAN_GRANULE_SIZE)
		s++;
	return shadow_bug_type(*s, (unsigned long)kasan_mem_of_shadow(s));
}

static void print_symbol_line(const char *prefix, unsigned long addr)
{
	char sym[128];

	kasan_plat_symbolize(addr, sym, sizeof(sym));
	kasan_printf("%s%s\n", prefix, sym);
}

static void print_description(const struct report_info *info)
{
	char sym[128];

	kasan_plat_symbolize(info->ip, sym, sizeof(sym));
	kasan_printf("BUG: KASAN: %s in %s\n", info->bug_type, sym);
	if (info->type == KASAN_REPORT_REDZONE_AT_FREE ||
	    info->type == KASAN_REPORT_REDZONE_AT_RELEASE)
		kasan_printf("Write of size %zu at addr %p that no check saw, found %s by task %s/%u\n",
			     info->size, (void *)info->addr,
			     info->type == KASAN_REPORT_REDZONE_AT_FREE ?
			     "at free time" : "when the object left the quarantine,",
			     kasan_plat_task_name(), kasan_plat_task_pid());
	else if (info->type != KASAN_REPORT_ACCESS)
		kasan_printf("Free of addr %p by task %s/%u\n",
			     (void *)info->addr, kasan_plat_task_name(),
			     kasan_plat_task_pid());
	else if (info->size)
		kasan_printf("%s of size %zu at addr %p by task %s/%u\n",
			     info->is_write ? "Write" : "Read", info->size,
			     (void *)info->addr, kasan_plat_task_name(),
			     kasan_plat_task_pid());
	else
		kasan_printf("%s at addr %p by task %s/%u\n",
			     info->is_write ? "Write" : "Read",
			     (void *)info->addr, kasan_plat_task_name(),
			     kasan_plat_task_pid());
}

static void print_track(const struct kasan_track *track, const char *what)
{
	kasan_printf("%s by task %u:\n", what, track->pid);
	kasan_plat_print_stack(track->stack);
	kasan_printf("\n");
}

static void print_aux_stack(kasan_stack_t stack, const char *what)
{
	if (!stack)
		return;
	kasan_printf("%s potentially related work creation:\n", what);
	kasan_plat_print_stack(stack);
	kasan_printf("\n");
}

static void describe_object(unsigned long addr,
			    const struct kasan_object_info *obj)
{
	unsigned long start = (unsigned long)obj->object;
	uint8_t state = *kasan_shadow_of(obj->object);
	bool freed = state == KASAN_SLAB_FREE || state == KASAN_SLAB_FREETRACK;
	size_t size = kasan_object_requested_size(obj);
	const char *where;
	unsigned long rel;

	if (obj->alloc_meta && obj->alloc_meta->alloc_track.stack)
		print_track(&obj->alloc_meta->alloc_track, "Allocated");
	if (state == KASAN_SLAB_FREETRACK && obj->free_meta &&
	    obj->free_meta->free_track.stack)
		print_track(&obj->free_meta->free_track, "Freed");
	if (obj->alloc_meta) {
		print_aux_stack(obj->alloc_meta->aux_stack[0], "Last");
		print_aux_stack(obj->alloc_meta->aux_stack[1],
				"Second to last");
	}

	kasan_printf("The buggy address belongs to the object at %p\n"
		     " which belongs to the cache %s of size %zu\n",
		     obj->object, obj->cache_name, obj->object_size);
	if (addr < start) {
		where = "to the left of";
		rel = start - addr;
	} else if (addr >= start + size) {
		where = "to the right of";
		rel = addr - (start + size);
	} else {
		where = "inside of";
		rel = addr - start;
	}
	kasan_printf("The buggy address is located %lu bytes %s\n"
		     " %s %zu-byte region [%p, %p)\n",
		     rel, where, freed ? "freed" : "allocated", size,
		     (void *)start, (void *)(start + size));
	kasan_printf("\n");
}

/*
 * A frame's description string, "N {offset size namelen name[:line]}...",
 * as one line per local: " [32, 42) 'buf'".
 */
static bool read_number(const char **p, unsigned long *v)
{
	const char *s = *p;

	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return false;
	for (*v = 0; *s >= '0' && *s <= '9'; s++)
		*v = *v * 10 + (*s - '0');
	*p = s;
	return true;
}

static void print_frame_objects(const char *descr)
{
	unsigned long n, offset, size, len;

	if (!read_number(&descr, &n))
		return;
	kasan_printf("\n");
	kasan_printf("This frame has %lu %s:\n", n, n == 1 ? "object" : "objects");
	while (n--) {
		char name[64];
		size_t i;

		if (!read_number(&descr, &offset) || !read_number(&descr, &size) ||
		    !read_number(&descr, &len) || *descr++ != ' ')
			return;
		/* The name, without the ":line" some compilers append. */
		for (i = 0; i < len && descr[i] && descr[i] != ':' &&
			    i < sizeof(name) - 1; i++)
			name[i] = descr[i];
		name[i] = '\0';
		descr += len;
		kasan_printf(" [%lu, %lu) '%s'\n", offset, offset + size, name);
	}
}

/*
 * The frame at frame, whose first 32 bytes are the header the compiler
 * wrote: magic, description, the function's pc.
 */
static void describe_frame(unsigned long addr, const unsigned long *frame)
{
	if (frame[0] != KASAN_STACK_FRAME_MAGIC) {
		kasan_printf("KASAN: no frame header at %p (found %lx)\n",
			     (void *)frame, frame[0]);
		return;
	}
	kasan_printf(" and is located at offset %lu in frame:\n",
		     addr - (unsigned long)frame);
	print_symbol_line(" ", frame[2]);
	if (frame[1])
		print_frame_objects((const char *)frame[1]);
}

/*
 * The frame of an address on the current stack: walk the shadow down to
 * the frame's left redzone, where its header is.
 */
static void describe_stack_frame(unsigned long addr, unsigned long stack_lo)
{
	const uint8_t *s = kasan_shadow_of((void *)addr);
	const uint8_t *bottom = kasan_shadow_of((void *)stack_lo);

	kasan_printf("The buggy address belongs to stack of task %s/%u\n",
		     kasan_plat_task_name(), kasan_plat_task_pid());
	while (s >= bottom && *s != KASAN_STACK_LEFT)
		s--;
	while (s >= bottom && *s == KASAN_STACK_LEFT)
		s--;
	if (s < bottom)
		return;
	describe_frame(addr, kasan_mem_of_shadow(s + 1));
}

/*
 * A frame on a fake stack (use-after-return) starts where its size class
 * aligns it; its header stays there after the return, until the frame is
 * used again.
 */
static bool describe_fake_frame(unsigned long addr)
{
	const struct kasan_fake_stack *fs;
	unsigned long frame;

	fs = kasan_fake_stack_of(addr, &frame);
	if (!fs)
		return false;
	kasan_printf("The buggy address belongs to the fake stack of task %s/%u\n",
		     fs->owner_name, fs->owner_pid);
	describe_frame(addr, (const unsigned long *)frame);
	return true;
}

/*
 * A global's redzone is also the left redzone of the global after it, and
 * the symbol of the address names the one before: for an underflow, the
 * variable that was meant is the next one.  Look no further than the
 * largest redzone the compilers leave between two globals, and name it
 * only if a symbol starts where the redzone ends ("name+0x0/..."): what
 * follows a unit's last redzone may be some other unit's unprotected data.
 */
#define GLOBAL_REDZONE_SCAN 128

static bool symbol_starts_here(const char *sym)
{
	static const char start[] = "+0x0/";
	size_t i;

	for (; *sym; sym++) {
		for (i = 0; start[i] && sym[i] == start[i]; i++)
			;
		if (!start[i])
			return true;
	}
	return false;
}

static void describe_next_global(unsigned long addr)
{
	unsigned long next = kasan_round_down(addr, KASAN_GRANULE_SIZE);
	unsigned long end = next + GLOBAL_REDZONE_SCAN;
	char sym[128];

	for (; next < end; next += KASAN_GRANULE_SIZE) {
		uint8_t shadow = *kasan_shadow_of((void *)next);

		if (shadow != KASAN_GLOBAL_REDZONE)
			break;
	}
	if (next == end || *kasan_shadow_of((void *)next) >= KASAN_GRANULE_SIZE)
		return;
	kasan_plat_symbolize(next, sym, sizeof(sym));
	if (!symbol_starts_here(sym))
		return;
	kasan_printf("The buggy address is located %lu bytes to the left of the variable:\n",
		     next - addr);
	kasan_printf(" %s\n", sym);
}

static void print_address_description(unsigned long addr)
{
	struct kasan_object_info obj;
	unsigned long lo, hi;

	kasan_plat_dump_stack();
	kasan_printf("\n");

	if (kasan_plat_find_object(addr, &obj))
		describe_object(addr, &obj);

	if (kasan_plat_addr_is_global(addr)) {
		kasan_printf("The buggy address belongs to the variable:\n");
		print_symbol_line(" ", addr);
		if (*kasan_shadow_of((void *)addr) == KASAN_GLOBAL_REDZONE)
			describe_next_global(addr);
		kasan_printf("\n");
	}

	if (kasan_plat_current_stack(&lo, &hi) && addr >= lo && addr < hi) {
		describe_stack_frame(addr, lo);
		kasan_printf("\n");
	} else if (describe_fake_frame(addr)) {
		kasan_printf("\n");
	}

	kasan_plat_describe_address(addr);
}

static void print_shadow_rows(unsigned long addr)
{
	unsigned long row = kasan_round_down(addr, SHADOW_ROW_MEMORY) -
			    SHADOW_ROWS_AROUND * SHADOW_ROW_MEMORY;
	int i, j;

	kasan_printf("Memory state around the buggy address:\n");
	for (i = -SHADOW_ROWS_AROUND; i <= SHADOW_ROWS_AROUND; i++) {
		const uint8_t *s = kasan_shadow_of((void *)row);
		char line[3 + 2 * sizeof(long) + 3 * SHADOW_ROW_BYTES];
		int n;

		n = kasan_snprintf(line, sizeof(line), "%c%p:",
				   i ? ' ' : '>', (void *)row);
		for (j = 0; j < SHADOW_ROW_BYTES; j++)
			n += kasan_snprintf(line + n, sizeof(line) - n,
					    " %02x", s[j]);
		kasan_printf("%s\n", line);
		if (!i)
			/* Under the first digit of the bad granule's byte. */
			kasan_printf("%*c\n", (int)(3 + 2 * sizeof(long) + 1 +
				     3 * ((addr - row) / KASAN_GRANULE_SIZE)),
				     '^');
		row += SHADOW_ROW_MEMORY;
	}
}

/*
 * What an unchecked writer left in a redzone (redzone.c): the first
 * bytes of the damaged range, which should each hold the pattern.
 */
static void print_overwritten(const struct report_info *info)
{
	const uint8_t *p = (const uint8_t *)info->addr;
	size_t shown = info->size < 16 ? info->size : 16;
	char line[3 * 16 + 1];
	size_t i;
	int n = 0;

	for (i = 0; i < shown; i++)
		n += kasan_snprintf(line + n, sizeof(line) - n, " %02x", p[i]);
	kasan_printf("The redzone bytes [%p, %p) should be %02x each; they hold:\n%s%s\n\n",
		     (void *)info->addr, (void *)(info->addr + info->size),
		     KASAN_REDZONE_PATTERN, line, shown < info->size ? " ..." : "");
}

/*
 * Where a range access (memcpy(), or the plugin's one check of a whole
 * loop's accesses) goes bad, when not at its start: the description above
 * is of its start, as mainline's is, which may be inside the object.
 */
static void print_first_bad(const struct report_info *info)
{
	if (info->type == KASAN_REPORT_REDZONE_AT_FREE ||
	    info->type == KASAN_REPORT_REDZONE_AT_RELEASE) {
		print_overwritten(info);
		return;
	}
	if (info->type != KASAN_REPORT_ACCESS || info->first_bad == info->addr)
		return;
	kasan_printf("The first bad byte of the access is at %p, %lu bytes into it\n\n",
		     (void *)info->first_bad, info->first_bad - info->addr);
}

/*
 * What the report prints goes through instrumented code (the kernel's
 * printk and console drivers): it takes real frames while the report
 * lasts, or it would take the fake stack's ring round and reuse the
 * returned frame that the report is about before describing it.
 */
static void print_report(struct report_info *info)
{
	unsigned long flags;
	int use_after_return;

	flags = kasan_plat_lock(&report_lock);
	use_after_return = __kasan_use_after_return;
	__kasan_use_after_return = 0;
	kasan_plat_report_begin();
	kasan_printf("%s\n", REPORT_RULE);
	print_description(info);
	kasan_printf("\n");
	if (kasan_plat_addr_has_shadow(info->addr)) {
		print_address_description(info->addr);
		print_first_bad(info);
		print_shadow_rows(info->first_bad);
	} else {
		kasan_plat_dump_stack();
	}
	kasan_printf("%s\n", REPORT_RULE);
	__atomic_add_fetch(&report_count, 1, __ATOMIC_RELAXED);
	__kasan_use_after_return = use_after_return;
	kasan_plat_unlock(&report_lock, flags);
	kasan_plat_report_end();
}

/*
 * A bad access to [addr, addr + size).  Returns whether it was reported
 * (not suppressed), as mainline's kasan_report() does.
 */
bool kasan_report(unsigned long addr, size_t size, bool is_write,
		  unsigned long ip)
{
	unsigned long entry = kasan_plat_report_enter();
	int *depth = kasan_plat_task_depth();
	/* A bad write, reported or not, tells redzone.c of its damage. */
	bool note = is_write && kasan_plat_addr_has_shadow(addr);
	bool print = !*depth && report_enabled();
	struct report_info info = {
		.type = KASAN_REPORT_ACCESS,
		.addr = addr,
		.size = size,
		.is_write = is_write,
		.ip = ip,
	};

	if (note || print)
		info.first_bad = first_bad_addr(addr, size);
	if (note)
		kasan_redzone_note_write(info.first_bad);
	if (print) {
		++*depth;
		info.bug_type = kasan_bug_type(addr, size);
		print_report(&info);
		--*depth;
	}
	kasan_plat_report_exit(entry);
	return print;
}

/*
 * A report that the task's depth does not suppress: a bad free, or a
 * redzone found damaged, is no access of poisoned memory, which is what
 * kasan_disable_current() is about.
 */
static void print_report_unsuppressed(struct report_info *info)
{
	int *depth = kasan_plat_task_depth();

	if (!report_enabled())
		return;
	++*depth;
	print_report(info);
	--*depth;
}

void kasan_report_invalid_free(void *ptr, unsigned long ip,
			       enum kasan_report_type type)
{
	struct report_info info = {
		.type = type,
		.addr = (unsigned long)ptr,
		.ip = ip,
		.first_bad = (unsigned long)ptr,
		.bug_type = type == KASAN_REPORT_DOUBLE_FREE ?
			    "double-free" : "invalid-free",
	};

	print_report_unsuppressed(&info);
}

/*
 * [addr, addr + size) of a heap object's redzone no longer holds the pattern
 * (redzone.c): an uninstrumented write went there, found at free time or
 * when the object left the quarantine.  The write itself is long gone;
 * the report names the free (ip) and describes the object, with its
 * stacks.
 */
void kasan_report_redzone(unsigned long addr, size_t size, unsigned long ip,
			  enum kasan_report_type type)
{
	struct report_info info = {
		.type = type,
		.addr = addr,
		.size = size,
		.is_write = true,
		.ip = ip,
		.first_bad = addr,
		.bug_type = "slab-out-of-bounds",
	};

	print_report_unsuppressed(&info);
}
