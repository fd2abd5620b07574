// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Memory and string builtins.
 *
 * With its own sanitizer on, GCC never expands memcpy, memset and friends
 * inline, so the (instrumented) library functions check them.  We cannot
 * switch that off: without -fsanitize, GCC turns memset(p, 0, 64) into
 * "rep stosq" and the access goes unchecked.  So, by argument:
 *
 *   mem-intrinsics=check   (default) check the ranges before the call, as
 *                          GCC does for the builtins it does not intercept;
 *                          the call may then be expanded inline or not.
 *   mem-intrinsics=prefix  call __asan_memcpy/__asan_memmove/__asan_memset
 *                          instead, which check and are never expanded
 *                          (GCC 13's asan-kernel-mem-intrinsic-prefix).
 *   mem-intrinsics=prefix-variable
 *                          prefix for a call whose length is not a
 *                          constant, check for the others.
 *   mem-intrinsics=none    leave them alone.
 *
 * check costs a second check where GCC keeps the call and the callee
 * checks too (the kernel's memcpy with KASan, the hosted runtime's);
 * prefix costs a call where GCC would have copied a few bytes inline.
 * A copy of variable length stays a call (-Os x86: rep movsb), one of
 * constant length is mostly copied inline: prefix-variable checks each
 * of them once, for a runtime that has the __asan_ functions.
 *
 * Renaming is instrumentation: it happens only in the functions that
 * policy.c instruments, never in one with no_sanitize_address (the
 * kernel's noinstr has it, and so has __cpuidle in Linux 6.12), in
 * .noinstr.text or .entry.text, or with "disable".  That is GCC 13's
 * rule: expand_builtin() renames only when
 * sanitize_flags_p(SANITIZE_KERNEL_ADDRESS) holds for the current
 * function, which is false under no_sanitize_address (asan.h).  It is
 * what objtool needs: a call out of a noinstr section must reach a
 * noinstr function, which the kernel's memcpy (in .noinstr.text) is
 * and __asan_memcpy is not.  For a function exempt by its section
 * alone GCC 13 would rename; we do not, as objtool judges by section.
 * Calls that RTL expansion makes of a block copy keep the plain name,
 * as in GCC, which renames in expand_builtin() only and not in
 * emit_block_op_via_libcall(); we check such copies as accesses.
 *
 * strlen is checked after the call, over the string and its terminator:
 * the length is only known then.
 */
#include "kasan.h"

static void add_range(vec<kasan_check> *checks, gcall *call, unsigned int ptr,
		      unsigned int len, bool is_store)
{
	kasan_add_range_check(checks, call, gimple_call_arg(call, ptr),
			      gimple_call_arg(call, len), is_store, false);
}

static void add_strlen_check(vec<kasan_check> *checks, gcall *call)
{
	tree len = gimple_call_lhs(call);

	/* Nothing can follow a call that ends its block. */
	if (!len || stmt_ends_bb_p(call))
		return;
	len = fold_build2(PLUS_EXPR, TREE_TYPE(len), len,
			  build_one_cst(TREE_TYPE(len)));
	kasan_add_range_check(checks, call, gimple_call_arg(call, 0), len,
			      false, true);
}

/* Returns true for the builtins that this file owns. */
bool kasan_collect_builtin_checks(vec<kasan_check> *checks, gcall *call)
{
	if (kasan_opts.mem_intrinsics == KASAN_MEMINTRIN_NONE)
		return false;

	switch (DECL_FUNCTION_CODE(gimple_call_fndecl(call))) {
	case BUILT_IN_MEMCPY:
	case BUILT_IN_MEMCPY_CHK:
	case BUILT_IN_MEMMOVE:
	case BUILT_IN_MEMMOVE_CHK:
	case BUILT_IN_MEMPCPY:
	case BUILT_IN_MEMPCPY_CHK:
		add_range(checks, call, 1, 2, false);
		add_range(checks, call, 0, 2, true);
		return true;
	case BUILT_IN_BCOPY:
		add_range(checks, call, 0, 2, false);
		add_range(checks, call, 1, 2, true);
		return true;
	case BUILT_IN_MEMSET:
	case BUILT_IN_MEMSET_CHK:
		add_range(checks, call, 0, 2, true);
		return true;
	case BUILT_IN_BZERO:
		add_range(checks, call, 0, 1, true);
		return true;
	case BUILT_IN_MEMCMP:
	case BUILT_IN_BCMP:
		add_range(checks, call, 0, 2, false);
		add_range(checks, call, 1, 2, false);
		return true;
	case BUILT_IN_STRLEN:
		add_strlen_check(checks, call);
		return true;
	default:
		return false;
	}
}

static const char *prefixed_name(enum built_in_function code)
{
	switch (code) {
	case BUILT_IN_MEMCPY:
		return "__asan_memcpy";
	case BUILT_IN_MEMMOVE:
		return "__asan_memmove";
	case BUILT_IN_MEMSET:
		return "__asan_memset";
	default:
		return NULL;
	}
}

static bool renames(gcall *call)
{
	switch (kasan_opts.mem_intrinsics) {
	case KASAN_MEMINTRIN_PREFIX:
		return true;
	case KASAN_MEMINTRIN_PREFIX_VARIABLE:
		/* The length is the third argument of all three. */
		return TREE_CODE(gimple_call_arg(call, 2)) != INTEGER_CST;
	default:
		return false;
	}
}

/*
 * With mem-intrinsics=prefix (or prefix-variable and a length that is not
 * a constant), turn a memcpy/memmove/memset call into a call of the
 * runtime's checking version.  Returns true if it did.  Only for calls in
 * instrumented functions: instrument.c calls it after
 * kasan_function_instrumented() said yes, see the file header.
 */
bool kasan_rename_mem_intrinsic(gcall *call)
{
	const char *name;

	if (!gimple_call_builtin_p(call, BUILT_IN_NORMAL))
		return false;
	name = prefixed_name(DECL_FUNCTION_CODE(gimple_call_fndecl(call)));
	if (!name || !renames(call))
		return false;
	gimple_call_set_fndecl(call, kasan_runtime_decl(name,
				TREE_TYPE(gimple_call_fndecl(call)), false));
	update_stmt(call);
	return true;
}
