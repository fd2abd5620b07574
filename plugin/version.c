// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loops versioned on a range test: a copy of the loop without checks runs
 * when every byte the loop could touch is accessible.
 *
 * hoist.c moves a loop's checks out when it knows how many times the loop
 * runs.  A loop that runs until a byte differs or a terminator comes does
 * not say; one check of everything it might read would report bytes it
 * never reaches.  Such loops often have a bound all the same: "i + len < n",
 * "len < 258".  Before the loop, one call per range asks the runtime
 * whether every byte the loop's checks could cover within that bound may
 * be accessed (__kasan_range_accessible(), which never reports).  If all
 * may, the copy without checks runs; if not, the loop as it was, which
 * reports what it always did, where it did.
 *
 * A loop is versioned when all of these hold:
 *   - It is innermost, plain (loops.c) and makes no call at all: nothing
 *     in it can free what the test found accessible, no volatile access.
 *   - An exit tested in every iteration has a count GCC's niter analysis
 *     gives at the preheader with no assumption (number_of_iterations_exit),
 *     or the loop has the latch count hoist.c uses.  The least of these
 *     bounds the latch count; an exit on the data can only leave earlier.
 *   - Every check left in it has an invariant address, or an affine one
 *     with a constant step (loops.c), and a constant size: over the bound,
 *     its bytes lie in one range.  The copy needs no other check: a check
 *     that elimination dropped is covered by one of these or by one before
 *     the loop.
 *   - Not all of its checks would leave the loop by hoisting anyway.
 *   - The function's checks are calls: an inline check costs about what a
 *     test of the range costs, so only calls are worth replacing.
 *
 * A range over KASAN_VERSION_MAX_BYTES is not scanned: its size is passed
 * as all ones, which the runtime refuses at once.  A loop bounded by a
 * large n that leaves early pays one call, never a scan of n bytes.
 *
 * The copies' blocks are returned to instrument.c, which collects the
 * function's checks again, without theirs.  Only for a runtime that has
 * the test (-fplugin-arg-kasan-version-loops): ours has, mainline's has not.
 */
#include "kasan.h"

#define KASAN_VERSION_MAX_BYTES 1024

struct byte_range {
	tree first;
	tree size;		/* all ones when over the limit */
};

/* One loop with checks: whether it can be versioned, on which ranges. */
struct version_note {
	class loop *loop;
	bool rejected;
	bool worth;		/* a check hoisting would leave in the loop */
	tree bound;		/* the most times the latch can run */
	vec<byte_range> ranges;
	tree ok;		/* every range accessible, at the preheader */
	vec<gimple *> tests;	/* the statements that compute it */
	location_t loc;		/* the first check's, for the tests */
};

/*
 * The most times LOOP's latch can run, as sizetype; NULL_TREE if unknown.
 * A count hoist.c knows is one bound (its "J != B" exit after ivopts,
 * which number_of_iterations_exit() refuses).
 */
static tree latch_bound(class loop *loop)
{
	struct loop_exit *exit;
	tree bound = kasan_latch_count(loop);

	for (exit = loop->exits->next; exit->e; exit = exit->next) {
		class tree_niter_desc desc;
		tree n;

		/*
		 * With may_be_zero true the latch does not run at all, and
		 * niter, unsigned, is still no less than that.
		 */
		if (!dominated_by_p(CDI_DOMINATORS, loop->latch, exit->e->src) ||
		    !number_of_iterations_exit(loop, exit->e, &desc, false, true) ||
		    !kasan_invariant_in(loop, desc.niter))
			continue;
		n = fold_convert(sizetype, desc.niter);
		bound = bound ? fold_build2(MIN_EXPR, sizetype, bound, n) : n;
	}
	return bound;
}

/*
 * The bytes CHECK's copies may touch while the latch runs at most BOUND
 * times; false if they are not one range.
 */
static bool bounded_range(class loop *loop, const kasan_check *check,
			  tree bound, struct byte_range *r)
{
	HOST_WIDE_INT step;
	tree base, len, over;

	if (check->after || check->size <= 0)
		return false;
	if (kasan_invariant_in(loop, check->addr)) {
		r->first = fold_convert(ptr_type_node,
					unshare_expr(check->addr));
		r->size = size_int(check->size);
		return true;
	}
	if (!kasan_check_iv(loop, check, &base, &step))
		return false;
	kasan_iv_range(base, step, unshare_expr(bound), check->size,
		       &r->first, &len);
	over = fold_build2(GT_EXPR, boolean_type_node, unshare_expr(bound),
			   size_int(KASAN_VERSION_MAX_BYTES / absu_hwi(step)));
	r->size = fold_build2(BIT_IOR_EXPR, sizetype, len,
			      fold_build1(NEGATE_EXPR, sizetype,
					  fold_convert(sizetype, over)));
	return true;
}

/* LOOP's note, made (and the loop judged) the first time it is asked. */
static struct version_note *note_of(vec<version_note> *notes,
				    class loop *loop)
{
	struct version_note *n, fresh = {};
	unsigned int i;

	FOR_EACH_VEC_ELT(*notes, i, n)
		if (n->loop == loop)
			return n;
	fresh.loop = loop;
	fresh.rejected = loop->inner || !kasan_loop_is_plain(loop, false) ||
			 !can_duplicate_loop_p(loop);
	if (!fresh.rejected) {
		fresh.bound = latch_bound(loop);
		fresh.rejected = !fresh.bound;
	}
	return notes->safe_push(fresh);
}

static void note_check(vec<version_note> *notes, const kasan_check *check)
{
	class loop *loop = gimple_bb(check->stmt)->loop_father;
	struct version_note *n;
	struct byte_range r;

	if (check->covered_by >= 0 || !loop_outer(loop))
		return;
	n = note_of(notes, loop);
	if (n->rejected)
		return;
	if (!bounded_range(loop, check, n->bound, &r)) {
		n->rejected = true;
		return;
	}
	if (n->ranges.is_empty())
		n->loc = check->loc;
	n->ranges.safe_push(r);
	if (!kasan_hoistable(loop, true, check))
		n->worth = true;
}

static void insert_at_preheader_end(class loop *loop, gimple_seq seq)
{
	gimple_stmt_iterator gsi = gsi_last_bb(loop_preheader_edge(loop)->src);

	if (!gsi_end_p(gsi) && stmt_ends_bb_p(gsi_stmt(gsi)))
		gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
	else
		gsi_insert_seq_after(&gsi, seq, GSI_NEW_STMT);
}

/* EXPR as a GIMPLE value, its statements appended to SEQ. */
static tree gimple_operand(tree expr, gimple_seq *seq)
{
	gimple_seq stmts;
	tree value = force_gimple_operand(expr, &stmts, true, NULL_TREE);

	gimple_seq_add_seq(seq, stmts);
	return value;
}

/* The calls that test N's ranges, and their conjunction in N->ok. */
static void emit_range_tests(struct version_note *n)
{
	tree fn = kasan_runtime_decl("__kasan_range_accessible",
		build_function_type_list(boolean_type_node, ptr_type_node,
					 size_type_node, NULL_TREE), false);
	struct byte_range *r;
	gimple_seq seq = NULL;
	unsigned int i;

	n->ok = NULL_TREE;
	FOR_EACH_VEC_ELT(n->ranges, i, r) {
		tree first = gimple_operand(r->first, &seq);
		tree size = gimple_operand(r->size, &seq);
		tree ok = make_ssa_name(boolean_type_node);
		gcall *call = gimple_build_call(fn, 2, first, size);

		gimple_call_set_lhs(call, ok);
		gimple_set_location(call, n->loc);
		gimple_seq_add_stmt(&seq, call);
		if (n->ok) {
			tree both = make_ssa_name(boolean_type_node);

			gimple_seq_add_stmt(&seq, gimple_build_assign(both,
					    BIT_AND_EXPR, n->ok, ok));
			ok = both;
		}
		n->ok = ok;
	}
	for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi);
	     gsi_next(&gsi))
		n->tests.safe_push(gsi_stmt(gsi));
	insert_at_preheader_end(n->loop, seq);
}

/*
 * The tests of a loop that could not be versioned after all, last first:
 * the optimisers after us would keep the calls, as they do not know that
 * the runtime's test has no side effect.
 */
static void remove_range_tests(struct version_note *n)
{
	gimple *stmt;
	unsigned int i;

	FOR_EACH_VEC_ELT_REVERSE(n->tests, i, stmt) {
		gimple_stmt_iterator gsi = gsi_for_stmt(stmt);

		unlink_stmt_vdef(stmt);
		gsi_remove(&gsi, true);
		release_defs(stmt);
	}
}

/* Version N's loop on N->ok; the copy's blocks go into UNCHECKED. */
static bool version(struct version_note *n, bitmap unchecked)
{
	return kasan_copy_loop(n->loop, n->ok, unchecked) != NULL;
}

unsigned int kasan_version_loops(vec<kasan_check> *checks, bitmap unchecked)
{
	auto_vec<version_note> notes;
	struct version_note *n;
	unsigned int i, versioned = 0;
	kasan_check *check;

	if (!kasan_loops_begin(checks))
		return 0;
	FOR_EACH_VEC_ELT(*checks, i, check)
		note_check(&notes, check);
	/* All tests first: versioning one loop moves the names another's use. */
	FOR_EACH_VEC_ELT(notes, i, n)
		if (!n->rejected && n->worth)
			emit_range_tests(n);
	FOR_EACH_VEC_ELT(notes, i, n) {
		if (n->rejected || !n->worth)
			continue;
		if (version(n, unchecked))
			versioned++;
		else
			remove_range_tests(n);
	}
	FOR_EACH_VEC_ELT(notes, i, n) {
		n->ranges.release();
		n->tests.release();
	}
	if (versioned)
		update_ssa(TODO_update_ssa);
	kasan_loops_end();
	return versioned;
}
