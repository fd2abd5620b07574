// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel platform API for the runtime core: locks, output, the
 * current task, what a report does before and after (KUnit's status,
 * taint, panic_on_warn, kasan.fault=panic), and the boot parameters.
 * What differs between architectures is in arch-$(SRCARCH)/.
 *
 * Boot parameters, as mainline's:
 *   kasan.fault=report|panic   panic after the first report
 *   kasan.stacktrace=on|off    save alloc and free stacks (default on)
 *   kasan.quarantine=on|off    hold freed objects back (default on;
 *                              ours, not mainline's: slab.c)
 *   kasan.redzone_check=on|off fill slab redzones with a pattern, check
 *                              it at free and when the quarantine lets
 *                              the object go (default on; ours:
 *                              core/redzone.c)
 *   kasan.stack_use_after_return=on|off
 *                              give the frames of functions built with
 *                              the plugin's use-after-return from each
 *                              task's fake stack (default on; ours:
 *                              CONFIG_KASAN_STACK_USE_AFTER_RETURN,
 *                              fake_stack.c); off, tasks get none
 *   kasan.page_guard=on|off    a guard page after each page allocation of
 *                              order >= 1 but slab's (default on; ours:
 *                              page.c, with the glue's page allocator)
 *   kasan_multi_shot           report every bad access, not the first only
 * Read-only in /sys/module/kasan/parameters/: quarantine_bytes (held now),
 * quarantine_limit, shadow_bytes (real shadow mapped at boot), and the
 * counters of the failure paths and the shrinker (kasan_counter_ops):
 * quarantine_shrinks, quarantine_shrunk_bytes (slab.c),
 * stack_depot_failures (stack.c), vmalloc_shadow_failures (vmalloc.c).
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/string.h>
#include <linux/ftrace.h>
#include <linux/lockdep.h>
#include <asm/sections.h>

#include "kasan_kernel.h"

unsigned long kasan_plat_lock(kasan_lock_t *lock)
{
	unsigned long flags;

	raw_spin_lock_irqsave(lock, flags);
	return flags;
}

void kasan_plat_unlock(kasan_lock_t *lock, unsigned long flags)
{
	raw_spin_unlock_irqrestore(lock, flags);
}

void kasan_plat_print_line(const char *line)
{
	pr_err("%s\n", line);
}

const char *kasan_plat_wild_bug_type(unsigned long addr)
{
	if (addr < PAGE_SIZE)
		return "null-ptr-deref";
	if (addr < KASAN_ARCH_USER_END)
		return "user-memory-access";
	return "wild-memory-access";
}

const char *kasan_plat_task_name(void)
{
	return current->comm;
}

uint32_t kasan_plat_task_pid(void)
{
	return task_pid_nr(current);
}

/*
 * task_struct's kasan_depth: init_task starts at 1 (no reports before
 * the shadow is real), kasan_init() clears it.
 */
int *kasan_plat_task_depth(void)
{
	return (int *)&current->kasan_depth;
}

void kasan_disable_current(void)
{
	current->kasan_depth++;
}
EXPORT_SYMBOL(kasan_disable_current);

void kasan_enable_current(void)
{
	current->kasan_depth--;
}
EXPORT_SYMBOL(kasan_enable_current);

void kasan_plat_symbolize(unsigned long addr, char *buf, size_t size)
{
	snprintf(buf, size, "%pS", (void *)addr);
}

bool kasan_plat_current_stack(unsigned long *lo, unsigned long *hi)
{
	*lo = (unsigned long)task_stack_page(current);
	*hi = *lo + THREAD_SIZE;
	return true;
}

/* init_task's stack is in the image's data, but it is no variable. */
bool kasan_plat_addr_is_global(unsigned long addr)
{
	unsigned long init_stack_lo = (unsigned long)task_stack_page(&init_task);

	if (addr >= init_stack_lo && addr < init_stack_lo + THREAD_SIZE)
		return false;
	return is_kernel(addr) || is_module_address(addr);
}

void kasan_plat_report_begin(void)
{
	disable_trace_on_warning();
	kasan_kunit_note_report();
	/* Lockdep would complain about the locks a report takes. */
	lockdep_off();
}

void kasan_plat_report_end(void)
{
	lockdep_on();
	if (!kasan_options.multi_shot)
		check_panic_on_warn("KASAN");
	if (kasan_options.panic_on_report)
		panic("kasan.fault=panic set ...\n");
	add_taint(TAINT_BAD_PAGE, LOCKDEP_NOW_UNRELIABLE);
}

static int __init early_kasan_fault(char *arg)
{
	if (!arg)
		return -EINVAL;
	if (!strcmp(arg, "report"))
		kasan_options.panic_on_report = false;
	else if (!strcmp(arg, "panic"))
		kasan_options.panic_on_report = true;
	else
		return -EINVAL;
	return 0;
}
early_param("kasan.fault", early_kasan_fault);

static int __init early_kasan_stacktrace(char *arg)
{
	return kstrtobool(arg, &kasan_options.stacktrace);
}
early_param("kasan.stacktrace", early_kasan_stacktrace);

/* Parsed before the first slab object: it may turn the check on, too. */
static int __init early_kasan_redzone_check(char *arg)
{
	return kstrtobool(arg, &kasan_options.redzone_check);
}
early_param("kasan.redzone_check", early_kasan_redzone_check);

/*
 * kasan.stack_use_after_return: functions take fake frames once both the
 * shadow is ready (a frame's poisoning needs it) and the parameter is
 * known; the architectures parse early parameters first, but either
 * order works.  Tasks forked after that get a fake stack
 * (kasan_fake_stacks_on: the core turns __kasan_use_after_return off
 * while a report prints, which must not cost a task forked meanwhile its
 * fake stack).
 */
static bool use_after_return_wanted __initdata = true;
static bool use_after_return_shadow_ready __initdata;
bool kasan_fake_stacks_on __ro_after_init;

static void __init apply_use_after_return(void)
{
	kasan_fake_stacks_on =
		IS_ENABLED(CONFIG_KASAN_STACK_USE_AFTER_RETURN) &&
		use_after_return_wanted && use_after_return_shadow_ready;
	__kasan_use_after_return = kasan_fake_stacks_on;
}

void __init kasan_use_after_return_ready(void)
{
	use_after_return_shadow_ready = true;
	apply_use_after_return();
}

static int __init early_kasan_stack_use_after_return(char *arg)
{
	int err = kstrtobool(arg, &use_after_return_wanted);

	if (!err)
		apply_use_after_return();
	return err;
}
early_param("kasan.stack_use_after_return", early_kasan_stack_use_after_return);

static int __init kasan_set_multi_shot(char *str)
{
	kasan_options.multi_shot = true;
	return 1;
}
__setup("kasan_multi_shot", kasan_set_multi_shot);

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kasan."

static int get_quarantine_bytes(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%zu\n", kasan_quarantine_bytes());
}

static const struct kernel_param_ops quarantine_bytes_ops = {
	.get = get_quarantine_bytes,
};
module_param_cb(quarantine_bytes, &quarantine_bytes_ops, NULL, 0444);

/* A read-only atomic_long_t counter's parameter (kp->arg is the counter). */
static int get_counter(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(kp->arg));
}

const struct kernel_param_ops kasan_counter_ops = {
	.get = get_counter,
};
module_param_named(shadow_bytes, kasan_shadow_bytes, ulong, 0444);
module_param_named(shadow_table_bytes, kasan_shadow_table_bytes, ulong, 0444);
