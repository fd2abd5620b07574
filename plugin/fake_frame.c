// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Use-after-return (the "use-after-return" argument, with "stack"): a
 * protected frame that the runtime may move to a fake stack, as GCC's and
 * LLVM's user-space ASan do and as neither does for the kernel.
 *
 * stack.c has made every local of the frame a MEM[&frame + offset].  Here
 * &frame becomes "base", a pointer chosen on entry:
 *
 *   base = &frame;
 *   if (__kasan_use_after_return)			one load, one branch
 *     base = __kasan_fake_frame_alloc(size, &frame);	fake or &frame
 *   ...
 *   if (base != &frame)				at each return,
 *     __kasan_fake_frame_release(base, size);		after the epilogue
 *
 * and the runtime poisons a released frame (shadow 0xf5), keeping it so
 * for a while (runtime/core/fake_stack.c), so an access through a pointer
 * that outlived the call is a stack-use-after-return.  The real frame
 * stays where it was, so stack usage does not change, and a function the
 * runtime gives no fake frame (none left, no fake stack, the option off)
 * runs on it.
 *
 * A MEM_REF or TARGET_MEM_REF may have a pointer for base, so memory
 * operands change in place.  An address of a local, &MEM[&frame + 8], was
 * an invariant, valid anywhere a value is; &MEM[base + 8] is not, and
 * is valid only as the whole right-hand side of an assignment to an SSA
 * name.  Elsewhere (call arguments, comparisons, stored values, returned
 * values, asm inputs, PHI arguments) it is computed into an SSA name
 * first: before the statement, or on the PHI argument's edge, or, where
 * nothing can go on the edge (abnormal and EH edges), once on entry.
 * Frames larger than the runtime's largest size class stay real.  Debug
 * statements and locations keep describing the real frame.
 */
#include "frame.h"

/* Whether the function's frame F can be moved to a fake stack. */
bool kasan_fake_frame_wanted(const struct frame *f)
{
	return kasan_opts.use_after_return && f->size <= KASAN_FAKE_FRAME_MAX;
}

struct rebase {
	tree frame;			/* the frame's decl */
	tree base;			/* what &frame becomes */
	auto_vec<tree *> addresses;	/* addresses no longer invariant */
	gimple_seq on_entry;		/* for PHI arguments of abnormal edges */
};

static bool is_frame_address(tree t, tree frame)
{
	return TREE_CODE(t) == ADDR_EXPR && TREE_OPERAND(t, 0) == frame;
}

static tree find_frame_address(tree *tp, int *walk_subtrees, void *data)
{
	if (TYPE_P(*tp))
		*walk_subtrees = 0;
	else if (is_frame_address(*tp, (tree)data))
		return *tp;
	return NULL_TREE;
}

static bool mentions_frame(tree t, tree frame)
{
	return walk_tree(&t, find_frame_address, frame, NULL);
}

/* MEM[&frame + c] becomes MEM[base + c]; &x is noted for placement. */
static tree rebase_operand(tree *tp, int *walk_subtrees, void *data)
{
	struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
	struct rebase *r = (struct rebase *)wi->info;

	if (TYPE_P(*tp)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	if ((TREE_CODE(*tp) == MEM_REF || TREE_CODE(*tp) == TARGET_MEM_REF) &&
	    is_frame_address(TREE_OPERAND(*tp, 0), r->frame)) {
		TREE_OPERAND(*tp, 0) = r->base;
		wi->changed = true;
		return NULL_TREE;
	}
	if (TREE_CODE(*tp) == ADDR_EXPR && mentions_frame(*tp, r->frame)) {
		walk_tree(&TREE_OPERAND(*tp, 0), rebase_operand, data, NULL);
		recompute_tree_invariant_for_addr_expr(*tp);
		r->addresses.safe_push(tp);
		*walk_subtrees = 0;
	}
	return NULL_TREE;
}

/* Where a non-invariant address may stay: "ssa_name = &MEM[base + c]". */
static bool address_may_stay(gimple *stmt, tree *tp)
{
	return gimple_assign_single_p(stmt) &&
	       tp == gimple_assign_rhs1_ptr(stmt) &&
	       TREE_CODE(gimple_assign_lhs(stmt)) == SSA_NAME;
}

static tree address_into_ssa(tree addr, gimple_seq *seq)
{
	tree name = make_ssa_name(TREE_TYPE(addr));

	gimple_seq_add_stmt(seq, gimple_build_assign(name, addr));
	return name;
}

/*
 * Rebase STMT's operands.  Each operand that mentions the frame is
 * unshared first: GIMPLE may share an invariant address between
 * statements, and the other statement may be a debug one, which stays.
 */
static void rebase_stmt(gimple_stmt_iterator *gsi, struct rebase *r)
{
	gimple *stmt = gsi_stmt(*gsi);
	struct walk_stmt_info wi;
	unsigned int i;
	tree **tp;

	for (i = 0; i < gimple_num_ops(stmt); i++) {
		tree op = gimple_op(stmt, i);

		if (!op || !mentions_frame(op, r->frame))
			continue;
		/* An asm operand: its list node is the asm's own. */
		if (TREE_CODE(op) == TREE_LIST)
			TREE_VALUE(op) = unshare_expr(TREE_VALUE(op));
		else
			gimple_set_op(stmt, i, unshare_expr(op));
	}
	r->addresses.truncate(0);
	memset(&wi, 0, sizeof(wi));
	wi.info = r;
	walk_gimple_op(stmt, rebase_operand, &wi);
	FOR_EACH_VEC_ELT(r->addresses, i, tp) {
		gimple_seq seq = NULL;

		if (address_may_stay(stmt, *tp))
			continue;
		**tp = address_into_ssa(**tp, &seq);
		gsi_insert_seq_before(gsi, seq, GSI_SAME_STMT);
		wi.changed = true;
	}
	if (wi.changed)
		update_stmt(stmt);
}

/*
 * A PHI argument &MEM[&frame + c] is computed on its edge, or on entry if
 * the edge cannot take statements.
 */
static void rebase_phi(gphi *phi, struct rebase *r)
{
	unsigned int i;

	for (i = 0; i < gimple_phi_num_args(phi); i++) {
		tree arg = gimple_phi_arg_def(phi, i);
		edge e = gimple_phi_arg_edge(phi, i);
		struct walk_stmt_info wi;
		gimple_seq seq = NULL;

		if (TREE_CODE(arg) != ADDR_EXPR || !mentions_frame(arg, r->frame))
			continue;
		arg = unshare_expr(arg);
		memset(&wi, 0, sizeof(wi));
		wi.info = r;
		walk_tree(&TREE_OPERAND(arg, 0), rebase_operand, &wi, NULL);
		recompute_tree_invariant_for_addr_expr(arg);
		if (e->flags & (EDGE_ABNORMAL | EDGE_EH)) {
			arg = address_into_ssa(arg, &r->on_entry);
		} else {
			arg = address_into_ssa(arg, &seq);
			gsi_insert_seq_on_edge(e, seq);
		}
		SET_PHI_ARG_DEF(phi, i, arg);
	}
}

/*
 * Make every reference to the frame go through a new pointer, returned
 * (defined by kasan_fake_frame_prologue()).  CHECKS' addresses too.
 */
tree kasan_rebase_frame(struct frame *f, vec<kasan_check> *checks)
{
	struct rebase r;
	basic_block bb;
	kasan_check *check;
	unsigned int i;

	r.frame = f->decl;
	r.base = make_ssa_name(ptr_type_node);
	r.on_entry = NULL;
	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_phis(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			rebase_phi(as_a<gphi *>(gsi_stmt(gsi)), &r);
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			if (!is_gimple_debug(gsi_stmt(gsi)))
				rebase_stmt(&gsi, &r);
	}
	gsi_commit_edge_inserts();
	/* After the prologue, which will split this edge again before it. */
	if (r.on_entry)
		gsi_insert_seq_on_edge_immediate(
			single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(cfun)), r.on_entry);
	FOR_EACH_VEC_ELT(*checks, i, check) {
		struct walk_stmt_info wi;

		memset(&wi, 0, sizeof(wi));
		wi.info = &r;
		check->addr = unshare_expr(check->addr);
		walk_tree(&check->addr, rebase_operand, &wi, NULL);
	}
	return r.base;
}

static tree frame_size(const struct frame *f)
{
	return build_int_cstu(pointer_sized_int_node, f->size);
}

/*
 * Define f->base on entry: the flag tested, the fake frame asked for.
 * Returns the block, with base's PHI, where the rest of the prologue goes.
 */
basic_block kasan_fake_frame_prologue(const struct frame *f)
{
	tree alloc_type = build_function_type_list(ptr_type_node,
		pointer_sized_int_node, ptr_type_node, NULL_TREE);
	tree alloc = kasan_runtime_decl("__kasan_fake_frame_alloc", alloc_type,
					false);
	tree real = build_fold_addr_expr(f->decl);
	basic_block test_bb, alloc_bb, join_bb;
	gimple_stmt_iterator gsi;
	gimple_seq seq = NULL;
	tree flag, on, fake;
	gcall *call;
	gphi *phi;

	test_bb = split_edge(single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(cfun)));
	join_bb = split_edge(single_succ_edge(test_bb));
	flag = make_ssa_name(integer_type_node);
	gimple_seq_add_stmt(&seq, gimple_build_assign(flag,
		kasan_runtime_int("__kasan_use_after_return")));
	on = gimple_build(&seq, UNKNOWN_LOCATION, NE_EXPR, boolean_type_node,
			  flag, integer_zero_node);
	kasan_append_to_block(test_bb, seq);
	alloc_bb = kasan_branch_if(test_bb, on, UNKNOWN_LOCATION,
				   profile_probability::likely(), true);

	fake = make_ssa_name(ptr_type_node);
	call = gimple_build_call(alloc, 2, frame_size(f), real);
	gimple_call_set_lhs(call, fake);
	gsi = gsi_start_bb(alloc_bb);
	gsi_insert_after(&gsi, call, GSI_NEW_STMT);

	phi = create_phi_node(f->base, join_bb);
	add_phi_arg(phi, real, find_edge(test_bb, join_bb), UNKNOWN_LOCATION);
	add_phi_arg(phi, fake, find_edge(alloc_bb, join_bb), UNKNOWN_LOCATION);
	return join_bb;
}

/* At return RET, after the epilogue: a fake frame goes back, poisoned. */
void kasan_fake_frame_epilogue(const struct frame *f, gimple *ret)
{
	tree release_type = build_function_type_list(void_type_node,
		ptr_type_node, pointer_sized_int_node, NULL_TREE);
	tree release = kasan_runtime_decl("__kasan_fake_frame_release",
					  release_type, false);
	basic_block bb = gimple_bb(ret), release_bb;
	gimple_stmt_iterator gsi = gsi_for_stmt(ret);
	gimple_seq seq = NULL;
	tree fake;

	gsi_prev(&gsi);
	if (gsi_end_p(gsi))
		split_block_after_labels(bb);
	else
		split_block(bb, gsi_stmt(gsi));
	fake = gimple_build(&seq, UNKNOWN_LOCATION, NE_EXPR, boolean_type_node,
			    f->base, build_fold_addr_expr(f->decl));
	kasan_append_to_block(bb, seq);
	release_bb = kasan_branch_if(bb, fake, gimple_location(ret),
				     profile_probability::likely(), true);
	gsi = gsi_start_bb(release_bb);
	gsi_insert_after(&gsi, gimple_build_call(release, 2, f->base,
						 frame_size(f)),
			 GSI_NEW_STMT);
}
