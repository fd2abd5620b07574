// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redzones around alloca() and variable-length arrays (with "stack"; the
 * kernel's asan-instrument-allocas=1), in the runtime ABI GCC uses:
 *
 *	p = __builtin_alloca_with_align(size, align);
 * becomes
 *	base = __builtin_alloca_with_align(size + partial + 32 + A, A);
 *	p = base + A;			A = max(align, 32) bytes
 *	__asan_alloca_poison(p, size);	poisons [p - 32, p) and everything
 *					after size up to p + round32(size) + 32
 *	last = base;
 *
 * where partial rounds size up to a multiple of 32.  The shadow of the
 * dynamic area must not stay poisoned once it is released: before each
 * __builtin_stack_restore(sp) (the end of a VLA's scope) the range
 * [last, sp) is unpoisoned with __asan_allocas_unpoison() and last = sp,
 * and before each return [last, top), top being the stack pointer saved
 * on entry, above every alloca of the function.
 */
#include "kasan.h"

#define ALLOCA_REDZONE 32

static tree uintptr(void)
{
	return pointer_sized_int_node;
}

static tree runtime(const char *name)
{
	return kasan_runtime_decl(name, build_function_type_list(void_type_node,
		uintptr(), uintptr(), NULL_TREE), false);
}

static gcall *call2(const char *name, gimple_seq *seq, tree a, tree b)
{
	gcall *call;

	a = gimple_convert(seq, UNKNOWN_LOCATION, uintptr(), a);
	b = gimple_convert(seq, UNKNOWN_LOCATION, uintptr(), b);
	call = gimple_build_call(runtime(name), 2, a, b);
	gimple_call_set_nothrow(call, true);
	gimple_seq_add_stmt(seq, call);
	return call;
}

static tree load_last(gimple_seq *seq, tree last)
{
	tree value = make_ssa_name(ptr_type_node);

	gimple_seq_add_stmt(seq, gimple_build_assign(value, last));
	return value;
}

static void rewrite_alloca(gcall *call, tree last)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(call);
	tree lhs = gimple_call_lhs(call), size = gimple_call_arg(call, 0);
	unsigned HOST_WIDE_INT align = BIGGEST_ALIGNMENT / BITS_PER_UNIT;
	tree base = make_ssa_name(ptr_type_node), new_size, partial;
	gimple_seq seq = NULL;
	gcall *alloca_call;

	if (!gimple_call_builtin_p(call, BUILT_IN_ALLOCA))
		align = tree_to_uhwi(gimple_call_arg(call, 1)) / BITS_PER_UNIT;
	align = MAX(align, ALLOCA_REDZONE);

	size = gimple_convert(&seq, UNKNOWN_LOCATION, size_type_node, size);
	partial = gimple_build(&seq, UNKNOWN_LOCATION, NEGATE_EXPR,
			       size_type_node, size);
	partial = gimple_build(&seq, UNKNOWN_LOCATION, BIT_AND_EXPR,
			       size_type_node, partial,
			       size_int(ALLOCA_REDZONE - 1));
	new_size = gimple_build(&seq, UNKNOWN_LOCATION, PLUS_EXPR,
				size_type_node, size, partial);
	new_size = gimple_build(&seq, UNKNOWN_LOCATION, PLUS_EXPR,
				size_type_node, new_size,
				size_int(ALLOCA_REDZONE + align));
	alloca_call = gimple_build_call(
		builtin_decl_explicit(BUILT_IN_ALLOCA_WITH_ALIGN), 2, new_size,
		size_int(align * BITS_PER_UNIT));
	gimple_call_set_lhs(alloca_call, base);
	gimple_call_set_alloca_for_var(alloca_call,
				       gimple_call_alloca_for_var_p(call));
	gimple_set_location(alloca_call, gimple_location(call));
	gimple_seq_add_stmt(&seq, alloca_call);
	gimple_seq_add_stmt(&seq, gimple_build_assign(lhs, POINTER_PLUS_EXPR,
		base, size_int(align)));
	call2("__asan_alloca_poison", &seq, lhs, size);
	gimple_seq_add_stmt(&seq, gimple_build_assign(last, base));

	/* lhs is now defined by the pointer addition: its old points-to
	 * set described the call's result. */
	if (SSA_NAME_PTR_INFO(lhs))
		pt_solution_reset(&SSA_NAME_PTR_INFO(lhs)->pt);
	/* Not gsi_replace: the result is now defined by the addition. */
	gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
	unlink_stmt_vdef(call);
	gsi_remove(&gsi, true);
}

static void unpoison_before(gimple *stmt, tree last, tree bottom,
			    bool reset_last)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(stmt);
	gimple_seq seq = NULL;

	call2("__asan_allocas_unpoison", &seq, load_last(&seq, last), bottom);
	if (reset_last)
		gimple_seq_add_stmt(&seq, gimple_build_assign(last, bottom));
	gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
}

/* Returns true if the function had allocas and changed. */
bool kasan_protect_allocas(void)
{
	auto_vec<gcall *> allocas, restores;
	auto_vec<gimple *> returns;
	gimple_seq seq = NULL;
	basic_block bb;
	gcall *call;
	gimple *stmt;
	tree last, top;
	unsigned int i;

	if (!kasan_opts.stack || cfun->calls_setjmp || cfun->has_nonlocal_label)
		return false;
	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			stmt = gsi_stmt(gsi);
			if (gimple_code(stmt) == GIMPLE_RETURN)
				returns.safe_push(stmt);
			call = dyn_cast<gcall *>(stmt);
			if (!call || !gimple_call_builtin_p(call, BUILT_IN_NORMAL))
				continue;
			if (gimple_call_builtin_p(call, BUILT_IN_STACK_RESTORE))
				restores.safe_push(call);
			else if (gimple_alloca_call_p(call) &&
				 gimple_call_lhs(call) &&
				 !gimple_call_builtin_p(call,
					BUILT_IN_ALLOCA_WITH_ALIGN_AND_MAX))
				allocas.safe_push(call);
		}
	}
	if (allocas.is_empty())
		return false;

	last = create_tmp_var(ptr_type_node, "__kasan_last_alloca");
	TREE_ADDRESSABLE(last) = 1;
	top = make_ssa_name(ptr_type_node);
	call = gimple_build_call(builtin_decl_explicit(BUILT_IN_STACK_SAVE), 0);
	gimple_call_set_lhs(call, top);
	gimple_seq_add_stmt(&seq, call);
	gimple_seq_add_stmt(&seq, gimple_build_assign(last, top));
	gsi_insert_seq_on_edge_immediate(
		single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(cfun)), seq);

	FOR_EACH_VEC_ELT(allocas, i, call)
		rewrite_alloca(call, last);
	FOR_EACH_VEC_ELT(restores, i, call)
		unpoison_before(call, last, gimple_call_arg(call, 0), true);
	FOR_EACH_VEC_ELT(returns, i, stmt)
		unpoison_before(stmt, last, top, false);
	return true;
}
