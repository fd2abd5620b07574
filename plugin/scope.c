// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The scopes of a function's protected locals (stack.c's frame): which
 * may be live together, for slot sharing, and use-after-scope.
 *
 * Liveness is GCC's rule for its own slot sharing (add_scope_conflicts in
 * cfgexpand.cc): a local is live from any mention of it until a clobber
 * of it (the end of its scope), on every path; those live together at a
 * statement that mentions one of them, or at the start of a block,
 * conflict.
 *
 * Use-after-scope (the "use-after-scope" argument, on with "stack" unless
 * turned off): a local's granules get the shadow 0xf7 where its scope
 * ends, so that an access through a pointer that outlived the scope is
 * reported, and lose it before the scope is entered again.  GIMPLE this
 * late still marks where scopes end (the gimplifier's clobbers, also on
 * every goto out of a block; the inliner's at the end of an inlined body)
 * but no longer where they begin.  Every statement still knows its
 * lexical block (gimple_block, kept for debug info), and so whether it
 * belongs to a local's scope: its block is the one that declares the
 * local or lies inside it.  So:
 *
 *   - after a clobber of the local (on some path) its slot may be
 *     poisoned;
 *   - before a statement that belongs to its scope and may touch memory
 *     (a load, a store, a call, an asm), where the slot may be poisoned,
 *     the slot is unpoisoned.
 *
 * An access to a local's current instance is made within its scope, by
 * a statement of its block or by a callee of one, so no valid access
 * finds the poison, however the scope was entered (a loop's next
 * iteration, a goto into the block, a switch jumping past the
 * declaration).  An access through a pointer kept past the scope, by a
 * statement outside it (after the block, or in the caller of an inlined
 * function), finds it, even where forward propagation has turned the
 * pointer back into the local's name ("MEM[&x]").  A statement without a
 * block (made by an optimiser) belongs to every scope; a local missing
 * from the block tree belongs everywhere and is never poisoned.  A check
 * that moved away from its access (hoist.c's preheader checks) or covers
 * other accesses (eliminate.c) unpoisons, where it is, what those
 * accesses would have.
 *
 * Locals sharing a slot have one size, so the slot's shadow is one state:
 * any of its locals' clobbers poisons it if that local may be live there
 * (otherwise the clobber may be of a local that was never entered, on a
 * path where another local of the slot is live), and a statement of any
 * of their scopes unpoisons it.  Slot sharing stays as it was: the scopes
 * cost no stack.
 *
 * No poisoning where it cannot catch anything: locals whose address is
 * never taken as a value (only ever named, so nothing can reach them once
 * their name is gone), and clobbers after which the function returns
 * with nothing in between (the epilogue clears the frame's shadow; it
 * also clears the slots that may be poisoned at each return).  A scope's
 * end frees memory for eliminate.c; a loop containing one is not plain
 * for hoist.c (clobbers are volatile statements).
 */
#include "frame.h"

/* ---- liveness ---- */

struct scope_walk {
	struct frame *f;
	bitmap live;
	bitmap *conflicts;	/* per local, or NULL while finding liveness */
};

static tree mention(tree *tp, int *walk_subtrees, void *data)
{
	struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
	struct scope_walk *sw = (struct scope_walk *)wi->info;
	int *index;

	if (TYPE_P(*tp)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	if (!DECL_P(*tp) || !(index = sw->f->index.get(*tp)))
		return NULL_TREE;
	if (bitmap_set_bit(sw->live, *index) && sw->conflicts) {
		bitmap_iterator bi;
		unsigned int i;

		EXECUTE_IF_SET_IN_BITMAP(sw->live, 0, i, bi) {
			bitmap_set_bit(sw->conflicts[*index], i);
			bitmap_set_bit(sw->conflicts[i], *index);
		}
	}
	return NULL_TREE;
}

/* Apply FN, with INFO, to every argument of BB's PHIs. */
static void walk_phi_args(basic_block bb, walk_tree_fn fn, void *info)
{
	gimple_stmt_iterator gsi;
	struct walk_stmt_info wi;
	unsigned int i;

	for (gsi = gsi_start_phis(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gphi *phi = as_a<gphi *>(gsi_stmt(gsi));

		for (i = 0; i < gimple_phi_num_args(phi); i++) {
			memset(&wi, 0, sizeof(wi));
			wi.info = info;
			walk_tree(gimple_phi_arg_def_ptr(phi, i), fn, &wi, NULL);
		}
	}
}

static void live_through_phis(struct scope_walk *sw, basic_block bb)
{
	walk_phi_args(bb, mention, sw);
}

/* LIVE across STMT: a clobber ends a local, a mention makes it live. */
static void live_step(struct scope_walk *sw, gimple *stmt)
{
	struct walk_stmt_info wi;
	int *index;

	if (gimple_clobber_p(stmt)) {
		tree lhs = gimple_assign_lhs(stmt);

		if (DECL_P(lhs) && (index = sw->f->index.get(lhs)))
			bitmap_clear_bit(sw->live, *index);
		return;
	}
	if (is_gimple_debug(stmt))
		return;
	memset(&wi, 0, sizeof(wi));
	wi.info = sw;
	walk_gimple_op(stmt, mention, &wi);
}

/* LIVE from the start of BB to its end; conflicts on the way if asked. */
static void scope_walk_block(struct scope_walk *sw, basic_block bb)
{
	gimple_stmt_iterator gsi;
	bool first = true;

	live_through_phis(sw, bb);
	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (first && !gimple_clobber_p(stmt) && !is_gimple_debug(stmt)) {
			bitmap_iterator bi;
			unsigned int i;

			first = false;
			if (sw->conflicts)
				EXECUTE_IF_SET_IN_BITMAP(sw->live, 0, i, bi)
					bitmap_ior_into(sw->conflicts[i],
							sw->live);
		}
		live_step(sw, stmt);
	}
}

/* The locals live at the end of each block, blocks in reverse post-order. */
struct liveness {
	int *rpo;
	int nblocks;
	bitmap *out;		/* by block index */
};

/* LIVE at the start of BB: what its predecessors leave live. */
static void live_in(const struct liveness *lv, basic_block bb, bitmap live)
{
	edge e;
	edge_iterator ei;

	bitmap_clear(live);
	FOR_EACH_EDGE(e, ei, bb->preds)
		if (e->src->index >= NUM_FIXED_BLOCKS && lv->out[e->src->index])
			bitmap_ior_into(live, lv->out[e->src->index]);
}

static void compute_liveness(struct frame *f, struct liveness *lv)
{
	struct scope_walk sw = { f, BITMAP_ALLOC(NULL), NULL };
	bool changed = true;
	int b;

	lv->rpo = XNEWVEC(int, n_basic_blocks_for_fn(cfun));
	lv->nblocks = pre_and_rev_post_order_compute(NULL, lv->rpo, false);
	lv->out = XCNEWVEC(bitmap, last_basic_block_for_fn(cfun));
	for (b = 0; b < lv->nblocks; b++)
		lv->out[lv->rpo[b]] = BITMAP_ALLOC(NULL);
	while (changed) {
		changed = false;
		for (b = 0; b < lv->nblocks; b++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(cfun, lv->rpo[b]);

			live_in(lv, bb, sw.live);
			scope_walk_block(&sw, bb);
			if (!bitmap_equal_p(sw.live, lv->out[bb->index])) {
				bitmap_copy(lv->out[bb->index], sw.live);
				changed = true;
			}
		}
	}
	BITMAP_FREE(sw.live);
}

static void free_liveness(struct liveness *lv)
{
	int b;

	for (b = 0; b < lv->nblocks; b++)
		BITMAP_FREE(lv->out[lv->rpo[b]]);
	XDELETEVEC(lv->out);
	XDELETEVEC(lv->rpo);
}

/*
 * The frame's liveness, worked out once: slot sharing (lay_out) and the
 * scopes' plan both read it, before anything changes the function.
 */
static const struct liveness *frame_liveness(struct frame *f)
{
	if (!f->liveness) {
		f->liveness = XNEW(struct liveness);
		compute_liveness(f, f->liveness);
	}
	return f->liveness;
}

void kasan_free_frame_liveness(struct frame *f)
{
	if (!f->liveness)
		return;
	free_liveness(f->liveness);
	XDELETE(f->liveness);
	f->liveness = NULL;
}

/* Per local, the locals it may be live with; freed by the caller. */
bitmap *kasan_scope_conflicts(struct frame *f)
{
	unsigned int n = f->vars.length(), i;
	bitmap *conflicts = XNEWVEC(bitmap, n);
	const struct liveness *lv = frame_liveness(f);
	struct scope_walk sw = { f, BITMAP_ALLOC(NULL), conflicts };
	int b;

	for (i = 0; i < n; i++)
		conflicts[i] = BITMAP_ALLOC(NULL);
	for (b = 0; b < lv->nblocks; b++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(cfun, lv->rpo[b]);

		live_in(lv, bb, sw.live);
		scope_walk_block(&sw, bb);
	}
	BITMAP_FREE(sw.live);
	return conflicts;
}

/* ---- use-after-scope ---- */

/* Nothing but clobbers, debug statements and labels until a return? */
static bool returns_after(const gimple *stmt)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(const_cast<gimple *>(stmt));
	basic_block bb = gimple_bb(stmt);
	int blocks = 0;

	for (gsi_next(&gsi);; gsi_next(&gsi)) {
		gimple *s;

		while (gsi_end_p(gsi)) {
			if (!single_succ_p(bb) || ++blocks > 4)
				return false;
			bb = single_succ(bb);
			if (bb == EXIT_BLOCK_PTR_FOR_FN(cfun))
				return true;
			gsi = gsi_start_bb(bb);
		}
		s = gsi_stmt(gsi);
		if (gimple_code(s) == GIMPLE_RETURN)
			return true;
		if (!gimple_clobber_p(s) && !is_gimple_debug(s) &&
		    gimple_code(s) != GIMPLE_LABEL && gimple_code(s) != GIMPLE_NOP)
			return false;
	}
}

/*
 * Whether STMT may end a scope that gets poisoned, for eliminate.c: a
 * clobber of a local whose address is taken, not right before a return.
 * It runs before the frame is laid out, so this is a superset of the
 * clobbers that poison (scope_step): a check after one of those is never
 * taken as covered by a check before it.
 */
bool kasan_scope_ends_here(const gimple *stmt)
{
	tree lhs;

	if (!kasan_opts.stack || !kasan_opts.use_after_scope ||
	    !gimple_clobber_p(stmt))
		return false;
	lhs = gimple_assign_lhs(as_a<const gassign *>(stmt));
	return VAR_P(lhs) && TREE_ADDRESSABLE(lhs) && !TREE_STATIC(lhs) &&
	       !returns_after(stmt);
}

/* Poison the slot after STMT (a clobber), or unpoison it before STMT. */
struct scope_point {
	gimple *stmt;
	int var;		/* a local of the slot */
	bool poison;
};

/*
 * Slots are named by their first local's index.  Bitmaps of slots: SCOPED
 * (those that can be poisoned), EVERYWHERE (those with a local missing from
 * the block tree), and, by lexical block, those declared there and those
 * in scope there.
 */
struct scope_plan {
	struct frame *f;
	int *slot;		/* per local */
	bool *poisonable;	/* per local: exposed, with a known scope */
	bool *alone;		/* per local: the only one in its slot */
	tree *scope_of;		/* per local: its block, or NULL */
	bitmap scoped;
	bitmap everywhere;
	hash_map<tree, bitmap> declared;
	hash_map<tree, bitmap> in_scope;
	hash_map<gimple *, bitmap> moved;	/* check -> what its accesses touch */
	hash_map<gimple *, bitmap> at_return;
	auto_vec<scope_point> points;
};

/* An address of a local taken as a value: a pointer to it can exist. */
static tree note_exposed(tree *tp, int *walk_subtrees, void *data)
{
	struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
	struct scope_plan *plan = (struct scope_plan *)wi->info;
	tree base;
	int *index;

	if (TYPE_P(*tp)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	/* MEM[&x + c] is x itself. */
	if ((TREE_CODE(*tp) == MEM_REF || TREE_CODE(*tp) == TARGET_MEM_REF) &&
	    TREE_CODE(TREE_OPERAND(*tp, 0)) == ADDR_EXPR) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	if (TREE_CODE(*tp) != ADDR_EXPR)
		return NULL_TREE;
	*walk_subtrees = 0;
	base = get_base_address(TREE_OPERAND(*tp, 0));
	if (base && DECL_P(base) && (index = plan->f->index.get(base)))
		plan->poisonable[*index] = true;
	return NULL_TREE;
}

static void find_exposed(struct scope_plan *plan)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator gsi;
		struct walk_stmt_info wi;

		walk_phi_args(bb, note_exposed, plan);
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (is_gimple_debug(stmt) || gimple_clobber_p(stmt))
				continue;
			memset(&wi, 0, sizeof(wi));
			wi.info = plan;
			walk_gimple_op(stmt, note_exposed, &wi);
		}
	}
}

static void note_declared(struct scope_plan *plan, tree block)
{
	tree t;
	int *index;

	for (t = BLOCK_VARS(block); t; t = DECL_CHAIN(t))
		if ((index = plan->f->index.get(t)))
			plan->scope_of[*index] = block;
	for (t = BLOCK_SUBBLOCKS(block); t; t = BLOCK_CHAIN(t))
		note_declared(plan, t);
}

template <typename key_type>
static bitmap bitmap_at(hash_map<key_type, bitmap> *map, key_type key)
{
	bool existed;
	bitmap *slot = &map->get_or_insert(key, &existed);

	if (!existed)
		*slot = BITMAP_ALLOC(NULL);
	return *slot;
}

/* Slots, what can be poisoned, and which blocks each slot belongs to. */
static void classify_locals(struct scope_plan *plan)
{
	unsigned int n = plan->f->vars.length(), i, j;
	const frame_var *vars = plan->f->vars.address();

	for (i = 0; i < n; i++) {
		for (j = 0; vars[j].offset != vars[i].offset; j++)
			;
		plan->slot[i] = j;
		plan->alone[i] = true;
	}
	for (i = 0; i < n; i++)
		if (plan->slot[i] != (int)i)
			plan->alone[i] = plan->alone[plan->slot[i]] = false;
	find_exposed(plan);
	note_declared(plan, DECL_INITIAL(current_function_decl));
	for (i = 0; i < n; i++) {
		plan->poisonable[i] = plan->poisonable[i] && plan->scope_of[i];
		if (plan->poisonable[i])
			bitmap_set_bit(plan->scoped, plan->slot[i]);
	}
	for (i = 0; i < n; i++) {
		if (!bitmap_bit_p(plan->scoped, plan->slot[i]))
			continue;
		if (plan->scope_of[i])
			bitmap_set_bit(bitmap_at(&plan->declared,
						 plan->scope_of[i]),
				       plan->slot[i]);
		else
			bitmap_set_bit(plan->everywhere, plan->slot[i]);
	}
}

/* The slots whose scope a statement of lexical block BLOCK belongs to. */
static const_bitmap slots_in_scope(struct scope_plan *plan, tree block)
{
	bitmap *cached, set;
	tree b;

	if (!block)
		return plan->scoped;
	if ((cached = plan->in_scope.get(block)))
		return *cached;
	set = BITMAP_ALLOC(NULL);
	bitmap_copy(set, plan->everywhere);
	for (b = block; b && TREE_CODE(b) == BLOCK; b = BLOCK_SUPERCONTEXT(b))
		if (bitmap *declared = plan->declared.get(b))
			bitmap_ior_into(set, *declared);
	plan->in_scope.put(block, set);
	return set;
}

/*
 * The scoped slots STMT may touch: those whose scope it belongs to, if it
 * may touch memory (not by naming them: see above).  A return touches
 * none: the value it returns is read by an earlier statement.
 */
static void access_mentions(struct scope_plan *plan, gimple *stmt, bitmap out)
{
	bitmap_clear(out);
	if (gimple_vuse(stmt) && gimple_code(stmt) != GIMPLE_RETURN)
		bitmap_ior_into(out, slots_in_scope(plan, gimple_block(stmt)));
}

/* Those, and what the accesses checked at STMT instead of their own do. */
static void mentions(struct scope_plan *plan, gimple *stmt, bitmap out)
{
	bitmap *moved = plan->moved.get(stmt);

	access_mentions(plan, stmt, out);
	if (moved)
		bitmap_ior_into(out, *moved);
}

static void note_moved_checks(struct scope_plan *plan,
			      const vec<kasan_check> *checks)
{
	bitmap named = BITMAP_ALLOC(NULL);
	const kasan_check *c, *at;
	unsigned int i;

	for (i = 0; i < checks->length(); i++) {
		c = &(*checks)[i];
		for (at = c; at->covered_by >= 0; at = &(*checks)[at->covered_by])
			;
		if (at->stmt == c->origin)
			continue;
		access_mentions(plan, c->origin, named);
		bitmap_ior_into(bitmap_at(&plan->moved, at->stmt), named);
	}
	BITMAP_FREE(named);
}

/* Whether a clobber of local VAR at STMT poisons its slot (see above). */
static bool poisons_here(struct scope_plan *plan, const_bitmap live,
			 gimple *stmt, int var)
{
	return plan->poisonable[var] &&
	       (plan->alone[var] || bitmap_bit_p(live, var)) &&
	       !returns_after(stmt);
}

/* Where a block's walk is: live locals, slots that may be poisoned. */
struct scope_state {
	struct scope_walk sw;
	bitmap poisoned;
	bitmap named;
};

static void scope_step(struct scope_plan *plan, struct scope_state *st,
		       gimple *stmt, bool record)
{
	bitmap_iterator bi;
	unsigned int i;
	int *index;

	if (gimple_clobber_p(stmt)) {
		tree lhs = gimple_assign_lhs(stmt);

		if (DECL_P(lhs) && (index = plan->f->index.get(lhs)) &&
		    poisons_here(plan, st->sw.live, stmt, *index)) {
			bitmap_set_bit(st->poisoned, plan->slot[*index]);
			if (record)
				plan->points.safe_push({ stmt, *index, true });
		}
	} else if (!is_gimple_debug(stmt)) {
		mentions(plan, stmt, st->named);
		if (record && gimple_code(stmt) == GIMPLE_RETURN &&
		    !bitmap_empty_p(st->poisoned))
			bitmap_copy(bitmap_at(&plan->at_return, stmt),
				    st->poisoned);
		if (record)
			EXECUTE_IF_AND_IN_BITMAP(st->named, st->poisoned, 0, i, bi)
				plan->points.safe_push({ stmt, (int)i, false });
		bitmap_and_compl_into(st->poisoned, st->named);
	}
	live_step(&st->sw, stmt);
}

/* Poisoned slots from BB's predecessors' OUT sets through BB. */
static void scope_block(struct scope_plan *plan, const struct liveness *lv,
			bitmap *out, basic_block bb, struct scope_state *st,
			bool record)
{
	gimple_stmt_iterator gsi;
	edge e;
	edge_iterator ei;

	bitmap_clear(st->poisoned);
	FOR_EACH_EDGE(e, ei, bb->preds)
		if (e->src->index >= NUM_FIXED_BLOCKS && out[e->src->index])
			bitmap_ior_into(st->poisoned, out[e->src->index]);
	live_in(lv, bb, st->sw.live);
	live_through_phis(&st->sw, bb);
	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
		scope_step(plan, st, gsi_stmt(gsi), record);
}

/* Forward "may be poisoned" to its fixed point, then the points. */
static void find_points(struct scope_plan *plan)
{
	const struct liveness *lv = frame_liveness(plan->f);
	struct scope_state st = { { plan->f, BITMAP_ALLOC(NULL), NULL },
				  BITMAP_ALLOC(NULL), BITMAP_ALLOC(NULL) };
	bitmap *out = XCNEWVEC(bitmap, last_basic_block_for_fn(cfun));
	bool changed = true;
	int b;

	for (b = 0; b < lv->nblocks; b++)
		out[lv->rpo[b]] = BITMAP_ALLOC(NULL);
	while (changed) {
		changed = false;
		for (b = 0; b < lv->nblocks; b++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(cfun, lv->rpo[b]);

			scope_block(plan, lv, out, bb, &st, false);
			if (!bitmap_equal_p(st.poisoned, out[bb->index])) {
				bitmap_copy(out[bb->index], st.poisoned);
				changed = true;
			}
		}
	}
	for (b = 0; b < lv->nblocks; b++)
		scope_block(plan, lv, out, BASIC_BLOCK_FOR_FN(cfun, lv->rpo[b]),
			    &st, true);
	for (b = 0; b < lv->nblocks; b++)
		BITMAP_FREE(out[lv->rpo[b]]);
	XDELETEVEC(out);
	BITMAP_FREE(st.sw.live);
	BITMAP_FREE(st.poisoned);
	BITMAP_FREE(st.named);
}

/*
 * Where the frame's slots are poisoned and unpoisoned; NULL when nothing
 * is (use-after-scope off, or no local that a pointer can reach has a
 * scope that ends before the function does).  Read before stack.c moves
 * the locals: it looks at their names.
 */
struct scope_plan *kasan_plan_scopes(struct frame *f,
				     const vec<kasan_check> *checks)
{
	unsigned int n = f->vars.length();
	struct scope_plan *plan;

	if (!kasan_opts.use_after_scope)
		return NULL;
	plan = new scope_plan;
	plan->f = f;
	plan->slot = XNEWVEC(int, n);
	plan->poisonable = XCNEWVEC(bool, n);
	plan->alone = XCNEWVEC(bool, n);
	plan->scope_of = XCNEWVEC(tree, n);
	plan->scoped = BITMAP_ALLOC(NULL);
	plan->everywhere = BITMAP_ALLOC(NULL);
	classify_locals(plan);
	if (!bitmap_empty_p(plan->scoped)) {
		note_moved_checks(plan, checks);
		find_points(plan);
	}
	if (plan->points.is_empty()) {
		kasan_free_scope_plan(plan);
		return NULL;
	}
	return plan;
}

/* Local V's shadow: its own (0s, a partial granule's count), or 0xf7s. */
static unsigned char *var_shadow(const frame_var *v, bool poison,
				 HOST_WIDE_INT *n)
{
	unsigned char *bytes;

	*n = (v->size + KASAN_GRANULE - 1) / KASAN_GRANULE;
	bytes = XNEWVEC(unsigned char, *n);
	memset(bytes, poison ? KASAN_SHADOW_AFTER_SCOPE : 0, *n);
	if (!poison && v->size % KASAN_GRANULE)
		bytes[*n - 1] = v->size % KASAN_GRANULE;
	return bytes;
}

/* The poisonings and unpoisonings, on the frame's shadow at SHADOW_BASE. */
void kasan_emit_scopes(struct scope_plan *plan, const struct frame *f,
		       tree shadow_base)
{
	scope_point *p;
	unsigned int i;

	FOR_EACH_VEC_ELT(plan->points, i, p) {
		const frame_var *v = &f->vars[p->var];
		gimple_stmt_iterator gsi = gsi_for_stmt(p->stmt);
		gimple_seq seq = NULL;
		HOST_WIDE_INT n;
		unsigned char *bytes = var_shadow(v, p->poison, &n);

		kasan_frame_shadow_store(&seq, f, shadow_base,
					 v->offset / KASAN_GRANULE, bytes, n);
		if (p->poison)
			gsi_insert_seq_after(&gsi, seq, GSI_SAME_STMT);
		else
			gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
		XDELETEVEC(bytes);
	}
}

/* The slots (by their first local) that may be poisoned at return RET. */
const_bitmap kasan_scope_poisoned_at(struct scope_plan *plan, gimple *ret)
{
	bitmap *poisoned = plan ? plan->at_return.get(ret) : NULL;

	return poisoned ? *poisoned : NULL;
}

template <typename key_type>
static void free_bitmaps(hash_map<key_type, bitmap> *map)
{
	for (auto it = map->begin(); it != map->end(); ++it)
		BITMAP_FREE((*it).second);
}

void kasan_free_scope_plan(struct scope_plan *plan)
{
	if (!plan)
		return;
	free_bitmaps(&plan->declared);
	free_bitmaps(&plan->in_scope);
	free_bitmaps(&plan->moved);
	free_bitmaps(&plan->at_return);
	BITMAP_FREE(plan->scoped);
	BITMAP_FREE(plan->everywhere);
	XDELETEVEC(plan->slot);
	XDELETEVEC(plan->poisonable);
	XDELETEVEC(plan->alone);
	XDELETEVEC(plan->scope_of);
	delete plan;
}
