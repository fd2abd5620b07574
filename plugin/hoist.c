// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checks moved out of loops.
 *
 * A check in a loop moves to the loop's preheader when one check there
 * verifies everything the loop's copies would, on the same shadow.  All
 * of these must hold:
 *
 *   - The loop is plain (loops.c): no call, no asm, no volatile access,
 *     no EH or abnormal edge, no irreducible part.  Nothing in it can free
 *     memory (the shadow it checks stays as it was at the preheader), and
 *     nothing can end an iteration but the latch or an exit edge.  A volatile
 *     access may be another CPU's object changing under the loop: its
 *     checks stay, one per iteration, like the accesses.
 *   - The check runs in every iteration: its block dominates the latch
 *     and the source of every exit.  So the loop's first iteration runs it
 *     whenever the preheader is passed, and no check is made that the
 *     loop would not have made.
 *   - Either its address is invariant (no SSA name in it is defined in the
 *     loop).  The preheader check is the loop's first check itself, same
 *     address, size and location: its report is the one the loop gives.
 *     The loop may hold other loops if GCC bounds the iterations of each
 *     (finite_loop_p): one that never ended could keep the first
 *     iteration from reaching the check, which the preheader would then
 *     make for nothing.
 *   - Or its address is an affine induction variable, base + step * i,
 *     with a constant step no larger than the access, so the accesses
 *     cover every byte from the first to the last (a larger step would
 *     check the gaps, which may be other objects' redzones), in an
 *     innermost loop whose latch count is known at the preheader: GCC's own
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

/* LOOP's note, made (and the loop judged) the first time it is asked. */
static struct loop_note *note_of(vec<loop_note> *notes, class loop *loop)
{
	struct loop_note *n, fresh;
	unsigned int i;

	FOR_EACH_VEC_ELT(*notes, i, n)
		if (n->loop == loop)
			return n;
	fresh.loop = loop;
	fresh.plain = kasan_loop_is_plain(loop, true);
	fresh.anchor = NULL;
	return notes->safe_push(fresh);
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
		if (TREE_CODE(j) != SSA_NAME ||
		    !kasan_invariant_in(loop, bound) ||
		    !simple_iv(loop, loop, j, &iv, false) ||
		    !kasan_signed_step(iv.step, &step) ||
		    !kasan_invariant_in(loop, iv.base))
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

/* The loop's latch count, known at the preheader; NULL_TREE if not. */
tree kasan_latch_count(class loop *loop)
{
	tree niter = number_of_latch_executions(loop);

	if (niter == chrec_dont_know || !kasan_invariant_in(loop, niter))
		niter = exit_latch_count(loop);
	return niter ? fold_convert(sizetype, niter) : NULL_TREE;
}

/*
 * The byte range [first, first + len) the loop's copies of CHECK touch:
 * its address affine, with a step no larger than the access, so that the
 * accesses cover every byte of it.  With first NULL, only whether there
 * is one.
 */
static bool affine_range(class loop *loop, const kasan_check *check,
			 tree *first, tree *len)
{
	HOST_WIDE_INT step;
	tree base, latches;

	if (!kasan_check_iv(loop, check, &base, &step) ||
	    absu_hwi(step) > (unsigned HOST_WIDE_INT)check->size)
		return false;
	latches = kasan_latch_count(loop);
	if (!latches)
		return false;
	if (first)
		kasan_iv_range(base, step, latches, check->size, first, len);
	return true;
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

/* Does GCC bound the iterations of every loop inside LOOP? */
static bool inner_loops_end(class loop *loop)
{
	class loop *inner;

	for (inner = loop->inner; inner; inner = inner->next)
		if (!finite_loop_p(inner) || !inner_loops_end(inner))
			return false;
	return true;
}

/*
 * Would hoisting move CHECK, in LOOP (plain or not), out of it?  Then
 * *first and *len (unless first is NULL) are its range, *first NULL_TREE
 * for an invariant address.
 */
static bool hoistable(class loop *loop, bool plain, const kasan_check *check,
		      tree *first, tree *len)
{
	basic_block bb = gimple_bb(check->stmt);

	if (check->covered_by >= 0 || check->after || check->size <= 0 ||
	    !loop_outer(loop) || !plain ||
	    !kasan_runs_every_iteration(loop, bb))
		return false;
	if (kasan_invariant_in(loop, check->addr)) {
		if (first)
			*first = NULL_TREE;
		return inner_loops_end(loop);
	}
	return !loop->inner && affine_range(loop, check, first, len);
}

/* For version.c: a loop whose checks all move out needs no second copy. */
bool kasan_hoistable(class loop *loop, bool plain, const kasan_check *check)
{
	return hoistable(loop, plain, check, NULL, NULL);
}

static bool hoist_one(vec<loop_note> *notes, kasan_check *check)
{
	class loop *loop = gimple_bb(check->stmt)->loop_father;
	struct loop_note *n;
	tree first, len;

	if (check->covered_by >= 0 || !loop_outer(loop))
		return false;
	n = note_of(notes, loop);
	if (!hoistable(loop, n->plain, check, &first, &len))
		return false;
	if (!first)
		move_to_anchor(check, preheader_anchor(n), KASAN_HOIST_INVARIANT);
	else
		make_range_check(check, preheader_anchor(n), first, len);
	return true;
}

unsigned int kasan_hoist_loop_checks(vec<kasan_check> *checks)
{
	auto_vec<loop_note> notes;
	unsigned int i, hoisted = 0;
	kasan_check *check;

	if (!kasan_loops_begin(checks))
		return 0;
	FOR_EACH_VEC_ELT(*checks, i, check)
		if (hoist_one(&notes, check))
			hoisted++;
	kasan_loops_end();
	return hoisted;
}
