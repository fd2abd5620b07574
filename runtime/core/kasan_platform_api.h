/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a platform gives the runtime core.  Each platform implements every
 * function below in its own directory (runtime/hosted/, runtime/kernel/),
 * and defines in its kasan_platform.h:
 *
 *   size_t, bool, true, false, NULL, uint8_t, uint16_t, uint32_t, uint64_t
 *   KASAN_SHADOW_OFFSET       the shadow of addr is (addr >> 3) + this
 *   kasan_lock_t              a lock the core may take in any context
 *   KASAN_LOCK_INITIALIZER
 *   kasan_likely(x), kasan_unlikely(x)
 *   KASAN_EXPORT(sym)         export an entry point to modules (or nothing)
 *   static inline bool kasan_plat_addr_has_shadow(unsigned long addr)
 *                             does addr have shadow memory?  Inline, as
 *                             every check asks it first.  An address
 *                             without is reported as null-ptr-deref,
 *                             user-memory-access or wild-memory-access.
 *   static inline struct kasan_fake_stack *kasan_plat_fake_stack(void)
 *                             the current task's fake stack
 *                             (use-after-return), or NULL when it has
 *                             none: then functions keep their frames on
 *                             the real stack.  Asked on every entry of a
 *                             function with protected locals while
 *                             use-after-return is on, from any context
 *                             that runs instrumented code: inline, and
 *                             it must not allocate there.  The platform
 *                             allocates a fake stack,
 *                             KASAN_FAKE_STACK_SIZE bytes aligned to
 *                             that size, without calling instrumented
 *                             code on it, sets it up with
 *                             kasan_fake_stack_init() and frees it with
 *                             its task
 *   static inline unsigned long kasan_plat_report_enter(void)
 *   static inline void kasan_plat_report_exit(unsigned long)
 *                             around kasan_report(), which checks may call
 *                             from anywhere: the kernel leaves a
 *                             user-access region there
 *   KASAN_FAKE_STACK_SIZE     the bytes of a task's fake stack
 *                             (use-after-return): a power of two, at
 *                             least 32 KiB
 *   KASAN_PLAT_RECOVER_ONLY   (optional) the platform's compilers only
 *                             emit the _noabort entry points: the others,
 *                             and kasan_plat_die(), are not needed
 *
 * None of these may call back into instrumented code, nor into the core's
 * checks: the platform files are built without instrumentation.
 */
#ifndef KASAN_PLATFORM_API_H
#define KASAN_PLATFORM_API_H

/* Locks.  The returned flags go back to kasan_plat_unlock(). */
unsigned long kasan_plat_lock(kasan_lock_t *lock);
void kasan_plat_unlock(kasan_lock_t *lock, unsigned long flags);

/* Output: one line of a report, without its '\n'. */
void kasan_plat_print_line(const char *line);

/* For a bad address without shadow, the bug type. */
const char *kasan_plat_wild_bug_type(unsigned long addr);

/*
 * For an access to a freed allocator object at addr (freed object's
 * shadow), the bug type: "use-after-free", or, for an object of a slab
 * on Linux 6.3 and later, "slab-use-after-free".  A freed large kmalloc()
 * object waits in the quarantine with the same shadow as a slab object,
 * but mainline names it as the freed pages it is: "use-after-free".
 */
const char *kasan_plat_freed_bug_type(unsigned long addr);

/* The current task: its name and pid, for "by task NAME/PID". */
const char *kasan_plat_task_name(void);
uint32_t kasan_plat_task_pid(void);

/*
 * Per-task report suppression: while a task's depth is non-zero, its bad
 * accesses are not reported (kasan_disable_current(), and the runtime
 * itself while it reports).
 */
int *kasan_plat_task_depth(void);

/*
 * Stack traces.  kasan_plat_save_stack() saves the current stack (minus
 * the runtime's own frames) and returns its handle, or 0 when none could
 * be saved (with !can_alloc, when saving it would need memory);
 * kasan_plat_print_stack() prints a saved one, one frame per line
 * (" func+0x1c/0x40").  kasan_plat_dump_stack() prints the stack of
 * the current task as the platform does it for an error (mainline:
 * "CPU: ... Call Trace: ...").
 */
kasan_stack_t kasan_plat_save_stack(bool can_alloc);
void kasan_plat_print_stack(kasan_stack_t stack);
void kasan_plat_dump_stack(void);

/* addr as "func+0x1c/0x40" (or its hex value when unknown) into buf. */
void kasan_plat_symbolize(unsigned long addr, char *buf, size_t size);

/* Is addr on the current task's stack?  Its bounds, [*lo, *hi). */
bool kasan_plat_current_stack(unsigned long *lo, unsigned long *hi);

/* Is addr within a global of the program or kernel image (or a module)? */
bool kasan_plat_addr_is_global(unsigned long addr);

/*
 * The heap object that addr belongs to (the nearest one of its slab), if
 * addr is inside a slab.  Fills *obj and returns true.
 */
bool kasan_plat_find_object(unsigned long addr, struct kasan_object_info *obj);

/* Platform lines of the address description (e.g. the page), if any. */
void kasan_plat_describe_address(unsigned long addr);

/*
 * The object whose free metadata is at meta (a quarantine entry): fills
 * *obj as kasan_plat_find_object() would for the object's start.
 */
void kasan_plat_object_of_free_meta(struct kasan_free_meta *meta,
				    struct kasan_object_info *obj);

/* Give a freed object back to its allocator, once out of quarantine. */
void kasan_plat_release_object(void *cache, void *object);

/*
 * Release sections: the quarantine takes objects off its list and gives
 * them back inside one (begin returns what end takes).  A cache about to
 * go away drains its objects from the list, then waits for the sections
 * begun before (kasan_plat_release_wait()), which may still hold some of
 * them.  A platform whose caches never go away may do nothing.
 */
int kasan_plat_release_begin(void);
void kasan_plat_release_end(int section);
void kasan_plat_release_wait(void);

/* A report began / ended (KUnit status, taint, panic on fault=panic). */
void kasan_plat_report_begin(void);
void kasan_plat_report_end(void);

/*
 * After the report of a check whose caller cannot continue (the plain,
 * not _noabort, __asan_report_* entry points, which compilers declare
 * noreturn): end the program or task.
 */
#ifndef KASAN_PLAT_RECOVER_ONLY
void kasan_plat_die(void) __attribute__((noreturn));
#endif

#endif /* KASAN_PLATFORM_API_H */
