// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the loop optimisations (hoist.c, version.c) ask of a loop and of
 * the checks in it.
 *
 * A loop is plain when nothing in it can free memory or leave it but its
 * exit edges: no call, no asm, no volatile access, no EH or abnormal edge,
 * no irreducible part.  Then the shadow a check before the loop looked at
 * is still what the loop's accesses would find (unless another CPU frees
 * the object meanwhile, a race neither optimisation claims to see), and a
 * volatile access, which may be another CPU's object changing under the
 * loop, keeps its check in every iteration.
 *
 * A check's address is an affine induction variable when SCEV gives it as
 * {base, +, step} with base invariant in the loop and a constant step.
 * Over LATCHES executions of the latch, its copies then touch
 * [base, base + LATCHES * step + size) for a positive step, mirrored for
 * a negative one.
 */
#include "kasan.h"

static bool stmt_keeps_loop_plain(gimple *stmt, bool explicit_checks)
{
	if (is_gimple_debug(stmt))
		return true;
	if (gimple_has_volatile_ops(stmt))
		return false;
	switch (gimple_code(stmt)) {
	case GIMPLE_CALL:
		/* The kernel's explicit checks: taken as checks, then removed. */
		return explicit_checks &&
		       kasan_is_explicit_check(as_a<gcall *>(stmt));
	case GIMPLE_ASM:
		return false;
	default:
		return !stmt_could_throw_p(cfun, stmt);
	}
}

static bool block_keeps_loop_plain(basic_block bb, bool explicit_checks)
{
	gimple_stmt_iterator gsi;
	edge_iterator ei;
	edge e;

	if (bb->flags & BB_IRREDUCIBLE_LOOP)
		return false;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_IRREDUCIBLE_LOOP))
			return false;
	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
		if (!stmt_keeps_loop_plain(gsi_stmt(gsi), explicit_checks))
			return false;
	return true;
}

/*
 * EXPLICIT_CHECKS: the kernel's __kasan_check_read/write calls may stay in
 * a plain loop (they become checks); without it a plain loop calls nothing.
 */
bool kasan_loop_is_plain(class loop *loop, bool explicit_checks)
{
	basic_block *body = get_loop_body(loop);
	unsigned int i;
	bool plain = true;

	for (i = 0; i < loop->num_nodes && plain; i++)
		plain = block_keeps_loop_plain(body[i], explicit_checks);
	free(body);
	return plain;
}

static tree defined_in_loop(tree *tp, int *walk_subtrees, void *data)
{
	class loop *loop = (class loop *)data;

	if (TREE_CODE(*tp) == SSA_NAME) {
		gimple *def = SSA_NAME_DEF_STMT(*tp);

		*walk_subtrees = 0;
		if (!SSA_NAME_IS_DEFAULT_DEF(*tp) && gimple_bb(def) &&
		    flow_bb_inside_loop_p(loop, gimple_bb(def)))
			return *tp;
	}
	return NULL_TREE;
}

bool kasan_invariant_in(class loop *loop, tree expr)
{
	return !walk_tree_without_duplicates(&expr, defined_in_loop, loop);
}

/*
 * Does BB run in every iteration, before the loop can leave or repeat?
 * The exits are the ones loop_optimizer_init() recorded.
 */
bool kasan_runs_every_iteration(class loop *loop, basic_block bb)
{
	struct loop_exit *exit;

	if (!dominated_by_p(CDI_DOMINATORS, loop->latch, bb))
		return false;
	for (exit = loop->exits->next; exit->e; exit = exit->next)
		if (!dominated_by_p(CDI_DOMINATORS, exit->e->src, bb))
			return false;
	return true;
}

/*
 * An induction variable's constant step as a signed byte count: SCEV gives
 * a pointer's or an unsigned variable's step in that unsigned type, where
 * going down by 8 reads 2^64 - 8.
 */
bool kasan_signed_step(tree step, HOST_WIDE_INT *out)
{
	widest_int value;

	if (TREE_CODE(step) != INTEGER_CST)
		return false;
	value = wi::sext(wi::to_widest(step), TYPE_PRECISION(TREE_TYPE(step)));
	if (!wi::fits_shwi_p(value))
		return false;
	*out = value.to_shwi();
	return *out != 0;
}

/*
 * The address of CHECK as an SSA name in the loop (inserted before its
 * statement), to ask SCEV about; NULL_TREE if it is not one.
 */
static tree address_as_ssa(const kasan_check *check, gimple_seq *seq)
{
	tree addr = force_gimple_operand(unshare_expr(check->addr), seq, true,
					 NULL_TREE);

	return TREE_CODE(addr) == SSA_NAME ? addr : NULL_TREE;
}

/* Removes STMTS, inserted for SCEV's questions only. */
static void remove_scratch(vec<gimple *> *stmts)
{
	unsigned int i;
	gimple *stmt;

	FOR_EACH_VEC_ELT(*stmts, i, stmt) {
		gimple_stmt_iterator gsi = gsi_for_stmt(stmt);

		gsi_remove(&gsi, true);
		release_defs(stmt);
	}
	scev_reset_htab();
}

/*
 * NAME with the addends invariant in LOOP peeled off its definitions (and
 * conversions that keep the width), *OFFSET their sum.  After ivopts an
 * access is often MEM[iv + index] with the index invariant; SCEV gives the
 * pointer IV but not the sum (the IV is a conversion of an unsigned one,
 * which it does not fold into a pointer addition), though the sum is
 * affine all the same: {base + index, +, step}.
 */
static tree peel_invariant_addends(class loop *loop, tree name, tree *offset)
{
	*offset = size_zero_node;
	while (TREE_CODE(name) == SSA_NAME) {
		gassign *def = dyn_cast<gassign *>(SSA_NAME_DEF_STMT(name));
		tree a, b;

		if (!def || !flow_bb_inside_loop_p(loop, gimple_bb(def)))
			break;
		a = gimple_assign_rhs1(def);
		b = gimple_assign_rhs2(def);
		switch (gimple_assign_rhs_code(def)) {
		case POINTER_PLUS_EXPR:
		case PLUS_EXPR:
			if (!kasan_invariant_in(loop, b))
				std::swap(a, b);
			if (!kasan_invariant_in(loop, b) ||
			    kasan_invariant_in(loop, a))
				return name;
			*offset = size_binop(PLUS_EXPR, *offset,
					     fold_convert(sizetype, b));
			name = a;
			break;
		CASE_CONVERT:
			if (TYPE_PRECISION(TREE_TYPE(a)) !=
			    TYPE_PRECISION(TREE_TYPE(name)))
				return name;
			name = a;
			break;
		default:
			return name;
		}
	}
	return name;
}

/* Is NAME, or NAME less invariant addends, {base, +, step}?  *BASE then. */
static bool affine_address(class loop *loop, tree name, tree *base,
			   HOST_WIDE_INT *step)
{
	affine_iv iv;
	tree offset = size_zero_node;

	if (!simple_iv(loop, loop, name, &iv, false)) {
		name = peel_invariant_addends(loop, name, &offset);
		if (!simple_iv(loop, loop, name, &iv, false))
			return false;
	}
	if (!kasan_signed_step(iv.step, step) ||
	    !kasan_invariant_in(loop, iv.base))
		return false;
	*base = unshare_expr(iv.base);
	if (!integer_zerop(offset))
		*base = fold_build2(PLUS_EXPR, sizetype,
				    fold_convert(sizetype, *base),
				    unshare_expr(offset));
	return true;
}

/*
 * Is CHECK's address {base, +, step} in LOOP, base invariant, step a
 * constant?  The IL is as it was when this returns.
 */
bool kasan_check_iv(class loop *loop, const kasan_check *check, tree *base,
		    HOST_WIDE_INT *step)
{
	gimple_seq seq = NULL;
	gimple_stmt_iterator gsi = gsi_for_stmt(check->stmt);
	auto_vec<gimple *, 4> scratch;
	tree addr;
	bool affine;

	addr = address_as_ssa(check, &seq);
	for (gimple_stmt_iterator it = gsi_start(seq); !gsi_end_p(it); gsi_next(&it))
		scratch.safe_push(gsi_stmt(it));
	gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
	affine = addr && affine_address(loop, addr, base, step);
	remove_scratch(&scratch);
	return affine;
}

/*
 * The bytes [*first, *first + *len) that copies of an access of SIZE bytes
 * at {BASE, +, STEP} touch while the latch runs LATCHES (sizetype) times.
 */
void kasan_iv_range(tree base, HOST_WIDE_INT step, tree latches,
		    HOST_WIDE_INT size, tree *first, tree *len)
{
	tree span = fold_build2(MULT_EXPR, sizetype, latches,
				size_int(absu_hwi(step)));

	*first = fold_convert(ptr_type_node, base);
	if (step < 0)
		*first = fold_build_pointer_plus(*first,
			fold_build1(NEGATE_EXPR, sizetype, span));
	*len = fold_build2(PLUS_EXPR, sizetype, span, size_int(size));
}

static bool any_check_in_loop(vec<kasan_check> *checks)
{
	unsigned int i;
	kasan_check *check;

	FOR_EACH_VEC_ELT(*checks, i, check)
		if (check->covered_by < 0 &&
		    loop_outer(gimple_bb(check->stmt)->loop_father))
			return true;
	return false;
}

/*
 * Sets up what the loop optimisations ask about: loops with preheaders and
 * their exits recorded, dominators, SCEV, iteration counts computed afresh.
 * False, with nothing set up, when no check left is in a loop or the loop
 * tree needs repair.
 */
bool kasan_loops_begin(vec<kasan_check> *checks)
{
	if (!current_loops || loops_state_satisfies_p(LOOPS_NEED_FIXUP) ||
	    !any_check_in_loop(checks))
		return false;
	loop_optimizer_init(LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
	calculate_dominance_info(CDI_DOMINATORS);
	scev_initialize();
	free_numbers_of_iterations_estimates(cfun);
	return true;
}

void kasan_loops_end(void)
{
	scev_finalize();
	loop_optimizer_finalize();
}

/*
 * LOOP behind "if (!OK)": GCC's loop_version() runs LOOP as it was when OK
 * is false and a copy, returned, when it is true.  The copy's blocks go
 * into UNCHECKED, for the checks to be collected again without theirs.
 * NULL if the loop could not be copied.
 */
class loop *kasan_copy_loop(class loop *loop, tree ok, bitmap unchecked)
{
	tree bad = fold_build2(EQ_EXPR, boolean_type_node, ok,
			       boolean_false_node);
	basic_block cond_bb, *body;
	class loop *copy;

	initialize_original_copy_tables();
	copy = loop_version(loop, bad, &cond_bb,
			    profile_probability::unlikely(),
			    profile_probability::likely(),
			    profile_probability::unlikely(),
			    profile_probability::likely(), true);
	free_original_copy_tables();
	if (!copy)
		return NULL;
	body = get_loop_body(copy);
	for (unsigned int i = 0; i < copy->num_nodes; i++)
		bitmap_set_bit(unchecked, body[i]->index);
	free(body);
	return copy;
}
