// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loops run in windows without checks: what version.c does for calls,
 * done for inline checks.
 *
 * version.c tests every byte a loop may touch, up to its bound, with one
 * call.  With inline checks that costs about what it saves: the match loop
 * of an LZ coder may run 258 times and runs 7 on average.  Here a copy of
 * the loop without checks runs in windows of K iterations.  Before the
 * loop, and after every K iterations of the copy, an inline test reads
 * one pointer-sized word of shadow per check, at the lowest byte the
 * check's next K accesses touch; K is chosen so that those bytes lie in
 * the granules that word covers.  All zero: the window runs without
 * checks.  Otherwise the loop as it was takes over, from that iteration
 * on, its header fed the copy's values, and reports what it always would.
 *
 *	preheader:  if (!window_ok(0)) goto checked;
 *	copy:       the loop body, without checks
 *	            j1 = j + 1;
 *	            if (j1 % K == 0 && !window_ok(j1)) goto checked;  (state)
 *	checked:    the loop as it was
 *
 * A loop is windowed when all of these hold:
 *   - It is innermost and plain (loops.c): nothing in it can free what a
 *     test found accessible, no volatile access.
 *   - Every check left in it has an invariant address or an affine one
 *     with a constant step, a constant size, and runs in every iteration
 *     before the loop can leave.  A window's first iteration then makes
 *     each check's access (the loop goes on whenever a test runs), and a
 *     native check would read that access's shadow byte.
 *   - At least two of its checks would stay in the loop after hoisting:
 *     the copy's counter costs about what one inline check does.
 *   - The function's checks are inline.
 *
 * The test reads shadow only in the page of that first access's shadow
 * byte: a word that would cross into the next page counts as a failed
 * test, as the next page may be shadow never populated (vmalloc space in
 * a kernel with KASAN_VMALLOC).  A long loop goes checked at the latest
 * where its shadow crosses a page: after 32 KiB of memory.
 *
 * The copies' blocks and the tests' blocks are returned to instrument.c,
 * which collects the function's checks again, without theirs.  No
 * runtime function is involved: the test is an inline shadow read, like
 * any inline check, so either runtime serves it.
 */
#include "kasan.h"

#define WINDOW_MIN_ITERATIONS	4
#define WINDOW_MAX_ITERATIONS	64
#define SHADOW_PAGE		4096	/* the smallest page any target has */

/* One check's accesses: iteration i touches [base + i * step, + size). */
struct window_range {
	tree base;		/* an expression until its test is emitted */
	HOST_WIDE_INT step;
	HOST_WIDE_INT size;
};

struct window_note {
	class loop *loop;
	bool rejected;
	unsigned int staying;	/* checks hoisting would leave in the loop */
	vec<window_range> ranges;
	unsigned HOST_WIDE_INT iterations;	/* K, a power of two */
	tree ok;		/* the first window's test, at the preheader */
	basic_block test_bb;	/* where it is computed */
	location_t loc;
};

/* G: the shadow bytes in one pointer-sized word, 8 * G bytes of memory. */
static unsigned HOST_WIDE_INT shadow_word_bytes(void)
{
	return POINTER_SIZE / BITS_PER_UNIT;
}

/*
 * The most iterations whose accesses of R lie within the granules of one
 * shadow word read at the lowest of them, wherever in its granule that
 * is: 8 * G - 7 bytes from it.
 */
static unsigned HOST_WIDE_INT window_fits(const struct window_range *r)
{
	HOST_WIDE_INT span = 8 * shadow_word_bytes() - 7;

	if (r->size > span)
		return 0;
	if (!r->step)
		return WINDOW_MAX_ITERATIONS;
	return (span - r->size) / absu_hwi(r->step) + 1;
}

/* LOOP's note, made (and the loop judged) the first time it is asked. */
static struct window_note *note_of(vec<window_note> *notes, class loop *loop)
{
	struct window_note *n, fresh = {};
	unsigned int i;

	FOR_EACH_VEC_ELT(*notes, i, n)
		if (n->loop == loop)
			return n;
	fresh.loop = loop;
	fresh.iterations = WINDOW_MAX_ITERATIONS;
	fresh.rejected = loop->inner || !kasan_loop_is_plain(loop, false) ||
			 !can_duplicate_loop_p(loop);
	return notes->safe_push(fresh);
}

static bool window_range_of(class loop *loop, const kasan_check *check,
			    struct window_range *r)
{
	if (check->after || check->size <= 0 ||
	    !kasan_runs_every_iteration(loop, gimple_bb(check->stmt)))
		return false;
	r->size = check->size;
	if (kasan_invariant_in(loop, check->addr)) {
		r->base = unshare_expr(check->addr);
		r->step = 0;
		return true;
	}
	return kasan_check_iv(loop, check, &r->base, &r->step);
}

static void note_check(vec<window_note> *notes, const kasan_check *check)
{
	class loop *loop = gimple_bb(check->stmt)->loop_father;
	struct window_note *n;
	struct window_range r;
	unsigned HOST_WIDE_INT fits;

	if (check->covered_by >= 0 || !loop_outer(loop))
		return;
	n = note_of(notes, loop);
	if (n->rejected)
		return;
	if (!window_range_of(loop, check, &r) || !(fits = window_fits(&r))) {
		n->rejected = true;
		return;
	}
	n->iterations = MIN(n->iterations, fits);
	if (n->ranges.is_empty())
		n->loc = check->loc;
	n->ranges.safe_push(r);
	if (!kasan_hoistable(loop, true, check))
		n->staying++;
}

/* Worth a copy: K rounded down to a power of two, if it is not too few. */
static bool worth_windows(struct window_note *n)
{
	if (n->rejected || n->staying < 2)
		return false;
	n->iterations = HOST_WIDE_INT_1U << floor_log2(n->iterations);
	return n->iterations >= WINDOW_MIN_ITERATIONS;
}

/*
 * Is the window of R's accesses from iteration W (NULL: the first) all
 * accessible?  Statements appended to SEQ; R->base is a GIMPLE value.
 */
static tree range_window_ok(gimple_seq *seq, const struct window_note *n,
			    const struct window_range *r, tree w)
{
	location_t loc = n->loc;
	tree lowest = r->base, shadow, word, in_page;
	HOST_WIDE_INT step = r->step;

	if (w && step)
		lowest = gimple_build(seq, loc, PLUS_EXPR, sizetype, lowest,
			gimple_build(seq, loc, MULT_EXPR, sizetype, w,
				     size_int(step)));
	if (step < 0)
		lowest = gimple_build(seq, loc, PLUS_EXPR, sizetype, lowest,
			size_int((HOST_WIDE_INT)(n->iterations - 1) * step));
	shadow = kasan_shadow_address(seq, loc, lowest);
	word = kasan_load_shadow_word(seq, loc, shadow);
	in_page = gimple_build(seq, loc, BIT_AND_EXPR, TREE_TYPE(shadow),
			       shadow, build_int_cst(TREE_TYPE(shadow),
						     SHADOW_PAGE - 1));
	in_page = gimple_build(seq, loc, LE_EXPR, boolean_type_node, in_page,
			       build_int_cst(TREE_TYPE(shadow), SHADOW_PAGE -
					     shadow_word_bytes()));
	word = gimple_build(seq, loc, EQ_EXPR, boolean_type_node, word,
			    build_zero_cst(TREE_TYPE(word)));
	return gimple_build(seq, loc, BIT_AND_EXPR, boolean_type_node, word,
			    in_page);
}

/* Are all of N's windows from iteration W (NULL: the first) accessible? */
static tree window_ok(gimple_seq *seq, const struct window_note *n, tree w)
{
	struct window_range *r;
	tree ok = NULL_TREE;
	unsigned int i;

	FOR_EACH_VEC_ELT(n->ranges, i, r) {
		tree one = range_window_ok(seq, n, r, w);

		ok = ok ? gimple_build(seq, n->loc, BIT_AND_EXPR,
				       boolean_type_node, ok, one) : one;
	}
	return ok;
}

/*
 * The first window's test, in a block of its own before the loop: the
 * bases as values there (the copy's later tests use them), then N->ok.
 */
static void emit_first_test(struct window_note *n, bitmap unchecked)
{
	struct window_range *r;
	gimple_seq seq = NULL;
	unsigned int i;

	FOR_EACH_VEC_ELT(n->ranges, i, r) {
		gimple_seq stmts;

		r->base = force_gimple_operand(fold_convert(sizetype, r->base),
					       &stmts, true, NULL_TREE);
		gimple_seq_add_seq(&seq, stmts);
	}
	n->ok = window_ok(&seq, n, NULL_TREE);
	n->test_bb = split_edge(loop_preheader_edge(n->loop));
	kasan_append_to_block(n->test_bb, seq);
	/* Left dead if the loop cannot be copied; never checked either way. */
	bitmap_set_bit(unchecked, n->test_bb->index);
}

/*
 * Ends BB, whose one successor edge becomes the true one, with
 * "if (COND)"; the new false edge goes to DEST.
 */
static edge branch_to(basic_block bb, tree cond, basic_block dest,
		      profile_probability to_dest)
{
	edge stay = single_succ_edge(bb), leave;
	gcond *g = gimple_build_cond(NE_EXPR, cond, boolean_false_node,
				     NULL_TREE, NULL_TREE);

	kasan_append_to_block(bb, g);
	stay->flags = (stay->flags & ~EDGE_FALLTHRU) | EDGE_TRUE_VALUE;
	stay->probability = to_dest.invert();
	leave = make_edge(bb, dest, EDGE_FALSE_VALUE);
	leave->probability = to_dest;
	if (loops_state_satisfies_p(LOOPS_HAVE_RECORDED_EXITS))
		rescan_loop_exit(leave, true, false);
	return leave;
}

/*
 * A block on CHECKED's entry edge where the copy's values join the ones
 * from before the loops: one PHI for each of CHECKED's header PHIs, the
 * copy's value its latch argument (the original's name, which
 * update_ssa() renames to the copy's where the copy reaches).
 */
static basic_block join_before(class loop *checked)
{
	basic_block join = split_edge(loop_preheader_edge(checked));
	edge into = single_succ_edge(join);
	gphi_iterator gpi;

	for (gpi = gsi_start_phis(checked->header); !gsi_end_p(gpi);
	     gsi_next(&gpi)) {
		gphi *phi = gpi.phi();
		tree before = PHI_ARG_DEF_FROM_EDGE(phi, into);
		gphi *joined = create_phi_node(copy_ssa_name(gimple_phi_result(phi)),
					       join);

		add_phi_arg(joined, before, single_pred_edge(join),
			    gimple_phi_arg_location_from_edge(phi, into));
		SET_PHI_ARG_DEF(phi, into->dest_idx, gimple_phi_result(joined));
	}
	return join;
}

/* The values on the copy's way into JOIN: the checked loop's latch's. */
static void feed_join(basic_block join, class loop *checked, edge from_copy)
{
	edge into = single_succ_edge(join);
	gphi_iterator gpi, jpi;

	for (gpi = gsi_start_phis(checked->header), jpi = gsi_start_phis(join);
	     !gsi_end_p(gpi); gsi_next(&gpi), gsi_next(&jpi)) {
		gphi *phi = gpi.phi();

		gcc_assert(PHI_ARG_DEF_FROM_EDGE(phi, into) ==
			   gimple_phi_result(jpi.phi()));
		add_phi_arg(jpi.phi(),
			    PHI_ARG_DEF_FROM_EDGE(phi, loop_latch_edge(checked)),
			    from_copy, UNKNOWN_LOCATION);
	}
}

/*
 * The copy's iteration count J and, on its latch edge, the test of the
 * next window every K iterations; a failed test leaves for JOIN.  Its
 * new blocks go into UNCHECKED.
 */
static edge add_window_latch(const struct window_note *n, class loop *copy,
			     basic_block join, bitmap unchecked)
{
	edge entry = loop_preheader_edge(copy);
	basic_block count_bb, latch_bb, test_bb;
	tree j = make_ssa_name(sizetype), next, due, ok;
	gimple_seq seq = NULL;
	gphi *phi;

	count_bb = split_edge(loop_latch_edge(copy));
	latch_bb = split_edge(single_succ_edge(count_bb));
	phi = create_phi_node(j, copy->header);
	add_phi_arg(phi, size_zero_node, entry, n->loc);

	next = gimple_build(&seq, n->loc, PLUS_EXPR, sizetype, j,
			    size_one_node);
	add_phi_arg(phi, next, single_succ_edge(latch_bb), n->loc);
	due = gimple_build(&seq, n->loc, BIT_AND_EXPR, sizetype, next,
			   size_int(n->iterations - 1));
	due = gimple_build(&seq, n->loc, NE_EXPR, boolean_type_node, due,
			   size_zero_node);
	kasan_append_to_block(count_bb, seq);

	test_bb = create_empty_bb(count_bb);
	add_bb_to_loop(test_bb, copy);
	test_bb->count = count_bb->count.apply_scale(1, n->iterations);
	make_single_succ_edge(test_bb, latch_bb, EDGE_FALLTHRU);
	branch_to(count_bb, due, test_bb,
		  profile_probability::always().apply_scale(1, n->iterations));
	seq = NULL;
	ok = window_ok(&seq, n, next);
	kasan_append_to_block(test_bb, seq);

	bitmap_set_bit(unchecked, count_bb->index);
	bitmap_set_bit(unchecked, latch_bb->index);
	bitmap_set_bit(unchecked, test_bb->index);
	return branch_to(test_bb, ok, join, profile_probability::very_unlikely());
}

/* Window N's loop; the copy's blocks and the tests' go into UNCHECKED. */
static bool window(struct window_note *n, bitmap unchecked)
{
	class loop *copy = kasan_copy_loop(n->loop, n->ok, unchecked);
	basic_block join;
	edge from_copy;

	if (!copy)
		return false;
	join = join_before(n->loop);
	from_copy = add_window_latch(n, copy, join, unchecked);
	feed_join(join, n->loop, from_copy);
	/* The new edges changed who dominates the checked loop. */
	free_dominance_info(CDI_DOMINATORS);
	calculate_dominance_info(CDI_DOMINATORS);
	return true;
}

unsigned int kasan_window_loops(vec<kasan_check> *checks, bitmap unchecked)
{
	auto_vec<window_note> notes;
	struct window_note *n;
	unsigned int i, windowed = 0;
	kasan_check *check;

	if (!kasan_loops_begin(checks))
		return 0;
	FOR_EACH_VEC_ELT(*checks, i, check)
		note_check(&notes, check);
	/* All tests first: windowing one loop moves the names another's use. */
	FOR_EACH_VEC_ELT(notes, i, n)
		if (worth_windows(n))
			emit_first_test(n, unchecked);
		else
			n->rejected = true;
	FOR_EACH_VEC_ELT(notes, i, n)
		if (!n->rejected && window(n, unchecked))
			windowed++;
	FOR_EACH_VEC_ELT(notes, i, n)
		n->ranges.release();
	if (windowed)
		update_ssa(TODO_update_ssa);
	kasan_loops_end();
	return windowed;
}
