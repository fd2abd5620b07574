// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fake stacks, for stack use-after-return (the plugin's use-after-return
 * argument; docs/design.md, "Use-after-return").
 *
 * A function with protected locals asks, on entry and only while
 * __kasan_use_after_return is set, for a frame of its frame's size:
 *
 *   base = __kasan_fake_frame_alloc(size, &real_frame);
 *
 * and gets a frame of the current task's fake stack, or its real frame
 * back when the task has none or the size class is full.  On return it
 * gives a fake frame back with __kasan_fake_frame_release(base, size),
 * which poisons it with KASAN_STACK_AFTER_RETURN: an access through a
 * pointer kept past the return is reported as stack-use-after-return.
 *
 * A fake stack is KASAN_FAKE_STACK_SIZE bytes, a power of two, aligned to
 * its size, so a frame finds its stack by masking its address.  It is
 * cut into eight regions: the first holds this header, each other one the
 * frames of one size class, 64 bytes to 4 KiB (larger frames stay on the
 * real stack).  A class's frames are handed out in ring order from where
 * the last allocation left off, skipping those in use, so a returned
 * frame stays poisoned until the ring comes round to it again: the ring is
 * the quarantine of frames, as deep as its class has frames.
 *
 * Who uses a fake stack: its task, and the interrupts, softirqs and signal
 * handlers that run nested on it.  These nest: a nested user is done
 * before the interrupted one goes on.  So no atomic operation is needed
 * to claim a frame, only that the flag is read and written as written (a
 * nested claim between our read and our write ends with the frame free
 * again before we write).  A frame claimed by a function that never
 * returns (longjmp, a noreturn path, a task that dies) stays claimed: the
 * ring skips it, and a class whose every frame is claimed sends its
 * functions to their real frames.  Nothing is ever used twice at once,
 * and nothing crashes; the platform frees the whole stack with its task.
 */
#include "kasan_core.h"

#define FAKE_STACK_MAGIC	0x4641b5f5UL
#define FRAME_MIN_SHIFT		6
#define FRAME_CLASSES		KASAN_FAKE_FRAME_CLASSES
/* plugin/frame.h's KASAN_FAKE_FRAME_MAX: larger frames never ask. */
#define FRAME_MAX		(1UL << (FRAME_MIN_SHIFT + FRAME_CLASSES - 1))
#define REGION_SIZE		(KASAN_FAKE_STACK_SIZE / (FRAME_CLASSES + 1))

_Static_assert((KASAN_FAKE_STACK_SIZE & (KASAN_FAKE_STACK_SIZE - 1)) == 0,
	       "a fake stack is a power of two");
_Static_assert(REGION_SIZE >= FRAME_MAX, "every class has a frame");

/*
 * Whether functions take their frames from fake stacks: off until the
 * platform turns it on, once current tasks and its option can be read
 * (KASAN_OPTIONS, the boot parameter).
 */
int __kasan_use_after_return;
KASAN_EXPORT(__kasan_use_after_return);

static inline unsigned int frames_in_class(unsigned int class)
{
	return REGION_SIZE >> (FRAME_MIN_SHIFT + class);
}

/* The first used[] flag of a class: the frames of the classes before. */
static inline unsigned int first_flag(unsigned int class)
{
	return (REGION_SIZE >> (FRAME_MIN_SHIFT - 1)) -
	       (REGION_SIZE >> (FRAME_MIN_SHIFT - 1 + class));
}

_Static_assert(sizeof(struct kasan_fake_stack) +
	       (REGION_SIZE >> (FRAME_MIN_SHIFT - 1)) <= REGION_SIZE,
	       "the header and its flags fit their region");

/* The smallest class that holds size bytes (size <= FRAME_MAX). */
static inline unsigned int class_of(unsigned long size)
{
	if (size <= (1UL << FRAME_MIN_SHIFT))
		return 0;
	return 8 * sizeof(unsigned long) - __builtin_clzl(size - 1) -
	       FRAME_MIN_SHIFT;
}

static inline unsigned long class_base(const struct kasan_fake_stack *fs,
				       unsigned int class)
{
	return (unsigned long)fs + (class + 1) * REGION_SIZE;
}

/* Who the fake stack belongs to, as reports name it. */
void kasan_fake_stack_set_owner(struct kasan_fake_stack *fs, uint32_t pid,
				const char *name)
{
	unsigned int i;

	fs->owner_pid = pid;
	for (i = 0; i + 1 < sizeof(fs->owner_name) && name && name[i]; i++)
		fs->owner_name[i] = name[i];
	fs->owner_name[i] = '\0';
}

/*
 * Make the memory at fs, KASAN_FAKE_STACK_SIZE bytes aligned to that,
 * the fake stack of the task pid/name: no frame in use, every frame
 * poisoned as returned until first used.
 */
void kasan_fake_stack_init(struct kasan_fake_stack *fs, uint32_t pid,
			   const char *name)
{
	unsigned int i;

	for (i = 0; i < FRAME_CLASSES; i++)
		fs->next[i] = 0;
	for (i = 0; i < first_flag(FRAME_CLASSES); i++)
		fs->used[i] = 0;
	kasan_fake_stack_set_owner(fs, pid, name);
	fs->magic = FAKE_STACK_MAGIC;
	kasan_poison((void *)class_base(fs, 0),
		     KASAN_FAKE_STACK_SIZE - REGION_SIZE,
		     KASAN_STACK_AFTER_RETURN);
}

/* Eight and four shadow bytes, whatever the type of what they describe. */
typedef uint64_t __attribute__((may_alias)) shadow_u64_t;
typedef uint32_t __attribute__((may_alias)) shadow_u32_t;

/*
 * The shadow of a frame, eight bytes (64 bytes of frame) at a store, and
 * four for a last 32: the frames are aligned to their class, 64 bytes at
 * least, so their shadow to 8 bytes, and the plugin's are whole multiples
 * of 32 bytes (a size that is not is rounded up).  Not kasan_poison(): on
 * every call and return of such a function, its generality was most of
 * the cost.  Always inline: a call costs as much as the stores.
 */
static inline __attribute__((always_inline))
void fill_frame_shadow(unsigned long frame, unsigned long size, uint8_t value)
{
	shadow_u64_t *shadow = (shadow_u64_t *)kasan_shadow_of((void *)frame);
	uint64_t word = value * 0x0101010101010101ULL;
	unsigned long n;

	size = kasan_round_up(size, 32);
	for (n = size / 64; n; n--)
		*shadow++ = word;
	if (size & 32)
		*(shadow_u32_t *)shadow = (uint32_t)word;
}

/* The first free frame of the class from where its ring stopped, or n. */
static inline unsigned int claim_frame(struct kasan_fake_stack *fs,
				       unsigned int class)
{
	volatile uint8_t *used = fs->used + first_flag(class);
	unsigned int n = frames_in_class(class);
	unsigned int i = fs->next[class], tries;

	for (tries = 0; tries < n; tries++, i = (i + 1) & (n - 1)) {
		if (used[i])
			continue;
		used[i] = 1;
		fs->next[class] = (i + 1) & (n - 1);
		return i;
	}
	return n;
}

void *__kasan_fake_frame_alloc(unsigned long size, void *real)
{
	struct kasan_fake_stack *fs;
	unsigned int class, i;
	unsigned long frame;

	if (size > FRAME_MAX)
		return real;
	fs = kasan_plat_fake_stack();
	if (!fs)
		return real;
	class = class_of(size);
	i = claim_frame(fs, class);
	if (i == frames_in_class(class))
		return real;
	frame = class_base(fs, class) +
		((unsigned long)i << (FRAME_MIN_SHIFT + class));
	fill_frame_shadow(frame, size, 0);
	return (void *)frame;
}
KASAN_EXPORT(__kasan_fake_frame_alloc);

void __kasan_fake_frame_release(void *frame, unsigned long size)
{
	unsigned long addr = (unsigned long)frame;
	struct kasan_fake_stack *fs = (struct kasan_fake_stack *)
		kasan_round_down(addr, KASAN_FAKE_STACK_SIZE);
	unsigned int class = class_of(size);
	unsigned int i = (addr - class_base(fs, class)) >>
			 (FRAME_MIN_SHIFT + class);

	fill_frame_shadow(addr, size, KASAN_STACK_AFTER_RETURN);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	((volatile uint8_t *)fs->used)[first_flag(class) + i] = 0;
}
KASAN_EXPORT(__kasan_fake_frame_release);

/*
 * The fake stack that addr is in, if any: the current task's, or, for an
 * address poisoned as returned (which only a fake stack is), the one its
 * alignment gives.  Its frame's start goes to *frame.
 */
const struct kasan_fake_stack *kasan_fake_stack_of(unsigned long addr,
						   unsigned long *frame)
{
	const struct kasan_fake_stack *fs = kasan_plat_fake_stack();
	unsigned long base = kasan_round_down(addr, KASAN_FAKE_STACK_SIZE);
	unsigned int class;

	if ((unsigned long)fs != base) {
		if (*kasan_shadow_of((void *)addr) != KASAN_STACK_AFTER_RETURN)
			return NULL;
		fs = (const struct kasan_fake_stack *)base;
	}
	if (fs->magic != FAKE_STACK_MAGIC || addr < base + REGION_SIZE)
		return NULL;
	class = (addr - base) / REGION_SIZE - 1;
	*frame = kasan_round_down(addr, 1UL << (FRAME_MIN_SHIFT + class));
	return fs;
}
