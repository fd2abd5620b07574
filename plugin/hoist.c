// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checks moved out of loops.
 *
 * A check in an innermost loop moves to the loop's preheader when one
 * check there verifies everything the loop's copies would, on the same
 * shadow.  All of these must hold:
 *
 *   - The loop is plain: no call, no asm, no volatile access, no EH or
 *     abnormal edge, no irreducible part.  Nothing in it can free memory
 *     (the shadow it checks stays as it was at the preheader), and nothing
 *     can end an iteration but the latch or an exit edge.  A volatile
 *     access may be another CPU's object changing under the loop: its
 *     checks stay, one per iteration, like the accesses.
 *   - The check runs in every iteration: its block dominates the latch
 *     and the source of every exit.  So the loop's first iteration runs it
 *     whenever the preheader is passed, and no check is made that the
 *     loop would not have made.
 *   - Either its address is invariant (no SSA name in it is defined in the
 *     loop).  The preheader check is the loop's first check itself, same
 *     address, size and location: its report is the one the loop gives.
 *   - Or its address is an affine induction variable, base + step * i,
 *     with a constant step no larger than the access, so the accesses
 *     cover every byte from the first to the last (a larger step would
 *     check the gaps, which may be other objects' redzones), in a loop
 *     whose latch count is known at the preheader: GCC's own
 *     (number_of_latch_executions) or, failing it, what the loop's one exit
 *     "J != B" says (exit_latch_count).  One range check of exactly the
 *     bytes the loop accesses replaces them; it is a call even in inline
 *     mode, as an inline range check looks only at the first and last
 *     byte.  Its report gives the range (the address and size of the whole
 *     run of accesses), then where in it the first bad byte is.
 *
 * Checks with a variable size, checks after their statement and checks
 * another check already covers (eliminate.c) stay where they are.  A
 * check that another check in the loop covers stays covered once that
 * one moves: the preheader dominates it and the loop frees nothing.
 */
#include "kasan.h"

/* What one loop has shown: whether it is plain, where its checks go. */
struct loop_note {
	class loop *loop;
	bool plain;
	gimple *anchor;		/* made when the first check moves there */
};

static bool stmt_keeps_loop_plain(gimple *stmt)
{
	if (is_gimple_debug(stmt))
		return true;
	if (gimple_has_volatile_ops(stmt))
		return false;
	switch (gimple_code(stmt)) {
	case GIMPLE_CALL:
		/* The kernel's explicit checks: taken as checks, then removed. */
		return kasan_is_explicit_check(as_a<gcall *>(stmt));
	case GIMPLE_ASM:
		return false;
	default:
		return !stmt_could_throw_p(cfun, stmt);
	}
}

static bool block_keeps_loop_plain(basic_block bb)
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
		if (!stmt_keeps_loop_plain(gsi_stmt(gsi)))
			return false;
	return true;
}

static bool loop_is_plain(class loop *loop)
{
	basic_block *body = get_loop_body(loop);
	unsigned int i;
	bool plain = true;

	for (i = 0; i < loop->num_nodes && plain; i++)
		plain = block_keeps_loop_plain(body[i]);
	free(body);
	return plain;
}

/* LOOP's note, made (and the loop judged) the first time it is asked. */
static struct loop_note *note_of(vec<loop_note> *notes, class loop *loop)
{
	struct loop_note *n, fresh;
	unsigned int i;

	FOR_EACH_VEC_ELT(*notes, i, n)
		if (n->loop == loop)
			return n;
	fresh.loop = loop;
	fresh.plain = loop_is_plain(loop);
	fresh.anchor = NULL;
	return notes->safe_push(fresh);
}

/*
 * Does BB run in every iteration, before the loop can leave or repeat?
 * The exits are the ones loop_optimizer_init() recorded.
 */
static bool runs_every_iteration(class loop *loop, basic_block bb)
{
	struct loop_exit *exit;

	if (!dominated_by_p(CDI_DOMINATORS, loop->latch, bb))
		return false;
	for (exit = loop->exits->next; exit->e; exit = exit->next)
		if (!dominated_by_p(CDI_DOMINATORS, exit->e->src, bb))
			return false;
	return true;
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

static bool invariant_in(class loop *loop, tree expr)
{
	return !walk_tree_without_duplicates(&expr, defined_in_loop, loop);
}

/*
 * The preheader's anchor: an empty statement at the end of the preheader
 * block, before which the hoisted checks are emitted like any other.
 */
static gimple *preheader_anchor(struct loop_note *n)
{
	basic_block pre;
	gimple_stmt_iterator gsi;

	if (n->anchor)
		return n->anchor;
	pre = loop_preheader_edge(n->loop)->src;
	n->anchor = gimple_build_nop();
	gsi = gsi_last_bb(pre);
	if (!gsi_end_p(gsi) && stmt_ends_bb_p(gsi_stmt(gsi)))
		gsi_insert_before(&gsi, n->anchor, GSI_NEW_STMT);
	else
		gsi_insert_after(&gsi, n->anchor, GSI_NEW_STMT);
	return n->anchor;
}

static void move_to_anchor(kasan_check *check, gimple *anchor,
			   enum kasan_hoist how)
{
	check->stmt = anchor;
	check->hoisted = how;
}

/*
 * An induction variable's constant step as a signed byte count: SCEV gives
 * a pointer's or an unsigned variable's step in that unsigned type, where
 * going down by 8 reads 2^64 - 8.
 */
static bool signed_step(tree step, HOST_WIDE_INT *out)
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
 * The loop's latch count from its one exit, when that is "J != B" falling
 * out (or "J == B" taken), tested in every iteration, with J an induction
 * variable and B invariant: (B - J's first value) / J's step, in J's own
 * unsigned type so that a wrapping J counts right.  GCC's own count
 * (number_of_latch_executions) often refuses such an exit after ivopts,
 * for want of proof that the distance is a multiple of the step; if it is
 * not, the loop never leaves by its exit and runs through every byte of
 * our range until it faults.
 */
static tree exit_latch_count(class loop *loop)
{
	edge exit = single_exit(loop);
	gcond *cond;
	affine_iv iv;
	tree j, bound, type, diff;
	HOST_WIDE_INT step;
	unsigned int k;

	if (!exit || !dominated_by_p(CDI_DOMINATORS, loop->latch, exit->src))
		return NULL_TREE;
	cond = safe_dyn_cast<gcond *>(last_stmt(exit->src));
	if (!cond ||
	    !(gimple_cond_code(cond) == NE_EXPR && (exit->flags & EDGE_FALSE_VALUE)) ==
	    !(gimple_cond_code(cond) == EQ_EXPR && (exit->flags & EDGE_TRUE_VALUE)))
		return NULL_TREE;
	for (k = 0; k < 2; k++) {
		j = k ? gimple_cond_rhs(cond) : gimple_cond_lhs(cond);
		bound = k ? gimple_cond_lhs(cond) : gimple_cond_rhs(cond);
		if (TREE_CODE(j) != SSA_NAME || !invariant_in(loop, bound) ||
		    !simple_iv(loop, loop, j, &iv, false) ||
		    !signed_step(iv.step, &step) || !invariant_in(loop, iv.base))
			continue;
		type = POINTER_TYPE_P(TREE_TYPE(j)) ? sizetype
			: unsigned_type_for(TREE_TYPE(j));
		diff = fold_build2(MINUS_EXPR, type, fold_convert(type, bound),
				   fold_convert(type, iv.base));
		if (step < 0)
			diff = fold_build1(NEGATE_EXPR, type, diff);
		return fold_build2(TRUNC_DIV_EXPR, type, diff,
				   build_int_cst(type, absu_hwi(step)));
	}
	return NULL_TREE;
}

/* The distance in bytes from the first element to the last. */
static tree loop_distance(class loop *loop, HOST_WIDE_INT step)
{
	tree niter = number_of_latch_executions(loop);

	if (niter == chrec_dont_know || !invariant_in(loop, niter))
		niter = exit_latch_count(loop);
	if (!niter)
		return NULL_TREE;
	return fold_build2(MULT_EXPR, sizetype, fold_convert(sizetype, niter),
			   size_int(absu_hwi(step)));
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

/* The byte range [first, first + len) the loop's copies of CHECK touch. */
static bool affine_range(class loop *loop, const kasan_check *check,
			 tree *first, tree *len)
{
	gimple_seq seq = NULL;
	gimple_stmt_iterator gsi = gsi_for_stmt(check->stmt);
	auto_vec<gimple *, 4> scratch;
	affine_iv iv;
	tree addr, span = NULL_TREE;
	HOST_WIDE_INT step = 0;

	addr = address_as_ssa(check, &seq);
	for (gimple_stmt_iterator it = gsi_start(seq); !gsi_end_p(it); gsi_next(&it))
		scratch.safe_push(gsi_stmt(it));
	gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
	if (addr && simple_iv(loop, loop, addr, &iv, false) &&
	    signed_step(iv.step, &step) && invariant_in(loop, iv.base) &&
	    absu_hwi(step) <= (unsigned HOST_WIDE_INT)check->size)
		span = loop_distance(loop, step);
	if (span) {
		*first = fold_convert(ptr_type_node, unshare_expr(iv.base));
		if (step < 0)
			*first = fold_build_pointer_plus(*first,
				fold_build1(NEGATE_EXPR, sizetype, span));
		*len = fold_build2(PLUS_EXPR, sizetype, span,
				   size_int(check->size));
	}
	remove_scratch(&scratch);
	return span != NULL_TREE;
}

static void make_range_check(kasan_check *check, gimple *anchor, tree first,
			     tree len)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(anchor);

	check->addr = force_gimple_operand_gsi(&gsi, first, true, NULL_TREE,
					       true, GSI_SAME_STMT);
	check->len = force_gimple_operand_gsi(&gsi, len, true, NULL_TREE,
					      true, GSI_SAME_STMT);
	check->size = tree_fits_shwi_p(check->len) ? tree_to_shwi(check->len) : -1;
	check->is_scalar = false;
	check->always_call = true;
	check->align = BITS_PER_UNIT;
	move_to_anchor(check, anchor, KASAN_HOIST_RANGE);
}

static bool hoist_one(vec<loop_note> *notes, kasan_check *check)
{
	basic_block bb = gimple_bb(check->stmt);
	class loop *loop = bb->loop_father;
	struct loop_note *n;
	tree first, len;

	if (check->covered_by >= 0 || check->after || check->size <= 0 ||
	    !loop_outer(loop) || loop->inner)
		return false;
	n = note_of(notes, loop);
	if (!n->plain || !runs_every_iteration(loop, bb))
		return false;
	if (invariant_in(loop, check->addr)) {
		move_to_anchor(check, preheader_anchor(n), KASAN_HOIST_INVARIANT);
		return true;
	}
	if (!affine_range(loop, check, &first, &len))
		return false;
	make_range_check(check, preheader_anchor(n), first, len);
	return true;
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

unsigned int kasan_hoist_loop_checks(vec<kasan_check> *checks)
{
	auto_vec<loop_note> notes;
	unsigned int i, hoisted = 0;
	kasan_check *check;

	if (!current_loops || loops_state_satisfies_p(LOOPS_NEED_FIXUP) ||
	    !any_check_in_loop(checks))
		return 0;
	loop_optimizer_init(LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
	calculate_dominance_info(CDI_DOMINATORS);
	scev_initialize();
	free_numbers_of_iterations_estimates(cfun);
	FOR_EACH_VEC_ELT(*checks, i, check)
		if (hoist_one(&notes, check))
			hoisted++;
	scev_finalize();
	loop_optimizer_finalize();
	return hoisted;
}
