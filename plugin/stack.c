// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redzones around the locals of a function (the "stack" argument; the
 * kernel's asan-stack=1, CONFIG_KASAN_STACK).
 *
 * GCC lays out a protected frame at RTL expansion, which a plugin cannot
 * steer, so we do at GIMPLE level what LLVM's stack poisoner does at IR
 * level: the locals that are still in memory move into one array, the
 * frame, at offsets that leave redzones between them, every reference to
 * them becomes MEM[&frame + offset], and
 *
 *   on entry   the frame's first 32 bytes get the header the runtime reads
 *              in reports (0x41B58AB3, a description "N off size len name
 *              ...", the function's address: pointer-sized fields, at 0, 4
 *              and 8 on a 32-bit target, 0, 8, 16 on a 64-bit one, as the
 *              runtimes read them), and the shadow of the
 *              redzones is poisoned: 0xf1 left, 0xf2 between, 0xf3 right,
 *              1..7 for the addressable part of a partial granule;
 *   on return  that shadow is cleared again.
 *
 * With use-after-scope (scope.c), a local whose address is taken is also
 * poisoned where its scope ends and unpoisoned where it begins again.
 * With use-after-return (fake_frame.c), the frame is reached through a
 * pointer that the runtime may point into a fake stack.
 *
 * The offsets are multiples of 32 from a base aligned to at least 8 (one
 * granule), so no realignment of the stack is needed, except where the
 * target wants aligned stores (STRICT_ALIGNMENT: ARM): there the base is
 * aligned to 32, as native GCC aligns it, so that the shadow of each 32
 * bytes is one aligned word, poisoned by one word store rather than four
 * byte stores.  The shadow stores carry the alignment that the shadow
 * really has (frame_shadow_align()).  Slot sizes follow
 * GCC's asan_var_and_redzone_size, rounded up to 32.  Locals of the same
 * size whose scopes never overlap share a slot, as GCC's protected locals
 * do (its scope conflicts, worked out the same way in scope.c; with TBAA
 * on, only locals whose types may alias).  Functions calling setjmp or with
 * non-local labels are left alone, as are artificial, over-aligned or
 * variable-size locals and parameters.
 */
#include "frame.h"

#define FRAME_MAGIC 0x41B58AB3
#define FRAME_HEADER 32
#define SLOT_ALIGN 32
#define SHADOW_LEFT 0xf1
#define SHADOW_MIDDLE 0xf2
#define SHADOW_RIGHT 0xf3

static bool protectable_local(tree var)
{
	if (!VAR_P(var) || TREE_STATIC(var) || DECL_EXTERNAL(var) ||
	    DECL_ARTIFICIAL(var) || DECL_HARD_REGISTER(var) ||
	    DECL_HAS_VALUE_EXPR_P(var) || is_gimple_reg(var))
		return false;
	if (decl_function_context(var) != current_function_decl)
		return false;
	if (!DECL_SIZE_UNIT(var) || !tree_fits_uhwi_p(DECL_SIZE_UNIT(var)) ||
	    integer_zerop(DECL_SIZE_UNIT(var)))
		return false;
	return DECL_ALIGN_UNIT(var) <= SLOT_ALIGN;
}

static tree note_local(tree *tp, int *walk_subtrees, void *data)
{
	struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
	struct frame *f = (struct frame *)wi->info;

	if (TYPE_P(*tp) || IS_TYPE_OR_DECL_P(*tp))
		*walk_subtrees = 0;
	if (protectable_local(*tp) && !f->index.get(*tp)) {
		frame_var v = { *tp, 0, (HOST_WIDE_INT)tree_to_uhwi(DECL_SIZE_UNIT(*tp)) };

		f->index.put(*tp, f->vars.length());
		f->vars.safe_push(v);
	}
	return NULL_TREE;
}

/* Apply FN to every operand of every statement and PHI argument. */
static void walk_function(walk_tree_fn fn, struct frame *f)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator gsi;
		struct walk_stmt_info wi;

		for (gsi = gsi_start_phis(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gphi *phi = as_a<gphi *>(gsi_stmt(gsi));
			unsigned int i;

			for (i = 0; i < gimple_phi_num_args(phi); i++) {
				memset(&wi, 0, sizeof(wi));
				wi.info = f;
				walk_tree(gimple_phi_arg_def_ptr(phi, i), fn,
					  &wi, NULL);
			}
		}
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			/* Debug uses must not decide the layout: -fcompare-debug. */
			if (fn == note_local &&
			    (is_gimple_debug(stmt) || gimple_clobber_p(stmt)))
				continue;
			memset(&wi, 0, sizeof(wi));
			wi.info = f;
			walk_gimple_op(stmt, fn, &wi);
			if (wi.changed)
				update_stmt(stmt);
		}
	}
}

/* GCC's asan_var_and_redzone_size, rounded up to whole slots. */
static HOST_WIDE_INT slot_size(HOST_WIDE_INT size)
{
	HOST_WIDE_INT total;

	if (size <= 4)
		total = 16;
	else if (size <= 16)
		total = 32;
	else if (size <= 128)
		total = size + 32;
	else if (size <= 512)
		total = size + 64;
	else if (size <= 4096)
		total = size + 128;
	else
		total = size + 256;
	return ROUND_UP(total, SLOT_ALIGN);
}

/*
 * Whether locals A and B may share a slot besides never being live
 * together: the same size, as GCC asks of protected locals (a shorter one
 * would not be protected up to the slot's redzone), and, when type-based
 * alias analysis is on, types whose accesses it does not tell apart (two
 * accesses at the same address could otherwise be reordered).
 */
static bool may_share(const frame_var *a, const frame_var *b)
{
	if (a->size != b->size)
		return false;
	return !flag_strict_aliasing ||
	       alias_sets_conflict_p(get_alias_set(TREE_TYPE(a->decl)),
				     get_alias_set(TREE_TYPE(b->decl)));
}

/*
 * Give each local its offset: in the order they appear, each to the slot
 * of an earlier local it may share with (slot sharing, as GCC does for
 * protected locals whose scopes are disjoint, unless -fstack-reuse=none),
 * or to a new slot after the others, of GCC's size for it.
 */
static void lay_out(struct frame *f)
{
	HOST_WIDE_INT offset = FRAME_HEADER;
	unsigned int n = f->vars.length(), i, j;
	bitmap *conflicts = NULL;
	int *slot_of = XNEWVEC(int, n);	/* the first local of each slot */
	frame_var *v;

	if (flag_stack_reuse != SR_NONE && n > 1)
		conflicts = kasan_scope_conflicts(f);
	f->align = STRICT_ALIGNMENT ? SLOT_ALIGN * BITS_PER_UNIT : 64;
	FOR_EACH_VEC_ELT(f->vars, i, v) {
		slot_of[i] = i;
		for (j = 0; conflicts && j < i; j++) {
			unsigned int k;
			bool ok = slot_of[j] == (int)j &&
				  may_share(&f->vars[j], v);

			/* Not live with any local of that slot. */
			for (k = j; ok && k < i; k++)
				if (slot_of[k] == (int)j &&
				    bitmap_bit_p(conflicts[i], k))
					ok = false;
			if (ok) {
				slot_of[i] = j;
				break;
			}
		}
		if (slot_of[i] != (int)i) {
			v->offset = f->vars[slot_of[i]].offset;
		} else {
			v->offset = offset;
			offset += slot_size(v->size);
		}
		f->align = MAX(f->align, DECL_ALIGN(v->decl));
	}
	if (conflicts) {
		for (i = 0; i < n; i++)
			BITMAP_FREE(conflicts[i]);
		XDELETEVEC(conflicts);
	}
	XDELETEVEC(slot_of);
	f->size = offset;
	f->decl = create_tmp_var(build_array_type_nelts(char_type_node,
							f->size),
				 "__kasan_frame");
	SET_DECL_ALIGN(f->decl, f->align);
	DECL_USER_ALIGN(f->decl) = 1;
	TREE_ADDRESSABLE(f->decl) = 1;
}

static tree frame_ref(struct frame *f, const frame_var *v)
{
	tree ref = build2(MEM_REF, TREE_TYPE(v->decl),
			  build_fold_addr_expr(f->decl),
			  build_int_cst(reference_alias_ptr_type(v->decl),
					v->offset));

	TREE_THIS_VOLATILE(ref) = TREE_THIS_VOLATILE(v->decl);
	TREE_SIDE_EFFECTS(ref) = TREE_SIDE_EFFECTS(v->decl);
	return ref;
}

static tree move_to_frame(tree *tp, int *walk_subtrees, void *data)
{
	struct walk_stmt_info *wi = (struct walk_stmt_info *)data;
	struct frame *f = (struct frame *)wi->info;
	int *index;

	if (TYPE_P(*tp)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	/* MEM[&var + c] becomes MEM[&frame + offset + c]. */
	if ((TREE_CODE(*tp) == MEM_REF || TREE_CODE(*tp) == TARGET_MEM_REF) &&
	    TREE_CODE(TREE_OPERAND(*tp, 0)) == ADDR_EXPR &&
	    (index = f->index.get(TREE_OPERAND(TREE_OPERAND(*tp, 0), 0)))) {
		tree off = TREE_OPERAND(*tp, 1);

		TREE_OPERAND(*tp, 0) = build_fold_addr_expr(f->decl);
		TREE_OPERAND(*tp, 1) = wide_int_to_tree(TREE_TYPE(off),
			wi::to_wide(off) + f->vars[*index].offset);
		*walk_subtrees = 0;
		wi->changed = true;
		return NULL_TREE;
	}
	if (TREE_CODE(*tp) == ADDR_EXPR) {
		walk_tree(&TREE_OPERAND(*tp, 0), move_to_frame, data, NULL);
		recompute_tree_invariant_for_addr_expr(*tp);
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	if (VAR_P(*tp) && (index = f->index.get(*tp))) {
		*tp = frame_ref(f, &f->vars[*index]);
		*walk_subtrees = 0;
		wi->changed = true;
	}
	return NULL_TREE;
}

/*
 * A moved variable is nowhere in the code any more; its debug info
 * follows it into the frame (DWARF describes it by the frame's location
 * plus its offset), as for variables GCC moves into a nested function's
 * frame.
 */
static void keep_debug_locations(struct frame *f)
{
	frame_var *v;
	unsigned int i;

	FOR_EACH_VEC_ELT(f->vars, i, v) {
		SET_DECL_VALUE_EXPR(v->decl, frame_ref(f, v));
		DECL_HAS_VALUE_EXPR_P(v->decl) = 1;
	}
}

/* The description the runtime prints: "N off size len name ...". */
static tree describe(struct frame *f)
{
	char buf[64];
	char *s = xstrdup("");
	unsigned int i;
	frame_var *v;

	snprintf(buf, sizeof(buf), "%u", f->vars.length());
	s = reconcat(s, s, buf, NULL);
	FOR_EACH_VEC_ELT(f->vars, i, v) {
		const char *name = DECL_NAME(v->decl) ?
			IDENTIFIER_POINTER(DECL_NAME(v->decl)) : "<anon>";

		snprintf(buf, sizeof(buf),
			 " " HOST_WIDE_INT_PRINT_DEC " " HOST_WIDE_INT_PRINT_DEC
			 " %u ", v->offset, v->size, (unsigned int)strlen(name));
		s = reconcat(s, s, buf, name, NULL);
	}
	tree str = build_string_literal(strlen(s) + 1, s);
	free(s);
	return str;
}

static unsigned char *frame_shadow(struct frame *f)
{
	HOST_WIDE_INT n = f->size / 8, i, end;
	unsigned char *shadow = XNEWVEC(unsigned char, n);
	unsigned int j;
	frame_var *v;

	memset(shadow, SHADOW_MIDDLE, n);
	memset(shadow, SHADOW_LEFT, FRAME_HEADER / 8);
	FOR_EACH_VEC_ELT(f->vars, j, v) {
		for (i = 0; i < v->size / 8; i++)
			shadow[v->offset / 8 + i] = 0;
		if (v->size % 8)
			shadow[v->offset / 8 + i] = v->size % 8;
	}
	/* After the last slot: the right redzone. */
	end = 0;
	FOR_EACH_VEC_ELT(f->vars, j, v)
		end = MAX(end, v->offset + v->size);
	for (i = (end + 7) / 8; i < n; i++)
		shadow[i] = SHADOW_RIGHT;
	return shadow;
}

static void store_word(gimple_seq *seq, tree base, HOST_WIDE_INT offset,
		       tree type, tree value)
{
	tree ptr_type = build_pointer_type(type);
	tree ptr = gimple_convert(seq, UNKNOWN_LOCATION, ptr_type, base);
	tree mem = build2(MEM_REF, type, ptr, build_int_cst(ptr_type, offset));

	value = gimple_convert(seq, UNKNOWN_LOCATION, type, value);
	gimple_seq_add_stmt(seq, gimple_build_assign(mem, value));
}

static tree shadow_word(const unsigned char *shadow, HOST_WIDE_INT i)
{
	unsigned HOST_WIDE_INT word = 0;
	int b;

	for (b = 0; b < 4; b++) {
		int shift = BYTES_BIG_ENDIAN ? (3 - b) * 8 : b * 8;

		word |= (unsigned HOST_WIDE_INT)shadow[i * 4 + b] << shift;
	}
	return build_int_cstu(kasan_shadow_word_type(BITS_PER_UNIT), word);
}

/*
 * The alignment in bits of the frame's shadow, (base >> 3) + offset: an
 * eighth of the frame's, unless the offset has less; at most a word's.
 */
static unsigned int frame_shadow_align(const struct frame *f)
{
	unsigned HOST_WIDE_INT bytes = f->align / BITS_PER_UNIT / 8;
	unsigned HOST_WIDE_INT offset = kasan_opts.shadow_offset;

	if (offset)
		bytes = MIN(bytes, least_bit_hwi(offset));
	return MAX(MIN(bytes, 4), 1) * BITS_PER_UNIT;
}

/* Shadow stores of the frame, poisoning (entry) or clearing (return). */
static void shadow_stores(gimple_seq *seq, struct frame *f, tree shadow_base,
			  const unsigned char *shadow, bool poison)
{
	HOST_WIDE_INT words = f->size / 32, i;
	tree type = kasan_shadow_word_type(frame_shadow_align(f));

	for (i = 0; i < words; i++) {
		const unsigned char *w = shadow + i * 4;

		if (!(w[0] | w[1] | w[2] | w[3]))
			continue;
		store_word(seq, shadow_base, i * 4, type,
			   poison ? shadow_word(shadow, i)
				  : build_zero_cst(type));
	}
}

/*
 * Stores of N shadow bytes BYTES at byte FIRST of the frame's shadow, a
 * multiple of 4 (slots are 32-byte aligned): words, then single bytes.
 */
void kasan_frame_shadow_store(gimple_seq *seq, const struct frame *f,
			      tree shadow_base, HOST_WIDE_INT first,
			      const unsigned char *bytes, HOST_WIDE_INT n)
{
	tree word = kasan_shadow_word_type(frame_shadow_align(f));
	tree byte = kasan_shadow_byte_type();
	HOST_WIDE_INT i;

	for (i = 0; i + 4 <= n; i += 4)
		store_word(seq, shadow_base, first + i, word,
			   shadow_word(bytes + i, 0));
	for (; i < n; i++)
		store_word(seq, shadow_base, first + i, byte,
			   build_int_cst(byte, bytes[i]));
}

/*
 * Clearing the frame's shadow at return RET: the words with redzones, and
 * those of slots whose scope may have ended (scope.c).
 */
static void emit_epilogue(struct frame *f, struct scope_plan *plan,
			  gimple *ret, tree shadow_base,
			  const unsigned char *shadow)
{
	const_bitmap poisoned = kasan_scope_poisoned_at(plan, ret);
	gimple_stmt_iterator gsi = gsi_for_stmt(ret);
	unsigned char *clear = XNEWVEC(unsigned char, f->size / 8);
	gimple_seq seq = NULL;
	bitmap_iterator bi;
	unsigned int i;

	memcpy(clear, shadow, f->size / 8);
	if (poisoned)
		EXECUTE_IF_SET_IN_BITMAP(poisoned, 0, i, bi) {
			const frame_var *v = &f->vars[i];

			memset(clear + v->offset / 8, KASAN_SHADOW_AFTER_SCOPE,
			       (v->size + 7) / 8);
		}
	shadow_stores(&seq, f, shadow_base, clear, false);
	gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
	XDELETEVEC(clear);
}

/*
 * The header and the redzones' shadow on entry; the scopes' poisoning and
 * unpoisoning (before the epilogues, which must come last at a return);
 * clearing at each return, then a fake frame's release.
 */
static void emit_prologue_and_epilogues(struct frame *f,
					struct scope_plan *plan)
{
	tree uintptr = pointer_sized_int_node, shadow_base;
	tree addr = f->base ? f->base : build_fold_addr_expr(f->decl);
	HOST_WIDE_INT field = tree_to_shwi(TYPE_SIZE_UNIT(uintptr));
	unsigned char *shadow = frame_shadow(f);
	auto_vec<gimple *> returns;
	gimple_seq seq = NULL;
	basic_block bb;
	gimple_stmt_iterator gsi;
	unsigned int i;
	gimple *ret;

	/* fake_frame.c's choice of base comes first: the rest uses it. */
	if (f->base)
		gsi = gsi_after_labels(kasan_fake_frame_prologue(f));
	store_word(&seq, addr, 0, uintptr, build_int_cst(uintptr, FRAME_MAGIC));
	store_word(&seq, addr, field, uintptr, describe(f));
	store_word(&seq, addr, 2 * field, uintptr,
		   build_fold_addr_expr(current_function_decl));
	shadow_base = gimple_convert(&seq, UNKNOWN_LOCATION, uintptr, addr);
	shadow_base = gimple_build(&seq, UNKNOWN_LOCATION, RSHIFT_EXPR, uintptr,
				   shadow_base, build_int_cst(uintptr, 3));
	shadow_base = gimple_build(&seq, UNKNOWN_LOCATION, PLUS_EXPR, uintptr,
				   shadow_base,
				   build_int_cstu(uintptr, kasan_opts.shadow_offset));
	shadow_stores(&seq, f, shadow_base, shadow, true);
	if (f->base)
		gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
	else
		gsi_insert_seq_on_edge_immediate(
			single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(cfun)), seq);

	/* The prologue dominates every statement: shadow_base is valid there. */
	if (plan)
		kasan_emit_scopes(plan, f, shadow_base);
	FOR_EACH_BB_FN(bb, cfun) {
		gsi = gsi_last_bb(bb);
		if (!gsi_end_p(gsi) && gimple_code(gsi_stmt(gsi)) == GIMPLE_RETURN)
			returns.safe_push(gsi_stmt(gsi));
	}
	FOR_EACH_VEC_ELT(returns, i, ret) {
		emit_epilogue(f, plan, ret, shadow_base, shadow);
		if (f->base)
			kasan_fake_frame_epilogue(f, ret);
	}
	XDELETEVEC(shadow);
}

/*
 * Points-to sets name the locals we moved, not the frame: left alone, the
 * alias oracle would find &frame + 32 unequal to a pointer to "a", or a
 * call unable to clobber the frame.  Forget them; what remains of the
 * pipeline (RTL) then assumes any pointer may point anywhere.  Calls also
 * lose their tail-call flag: a sibling call would skip the epilogue.
 */
static void forget_points_to_and_tail_calls(void)
{
	basic_block bb;
	unsigned int i;
	tree name;

	FOR_EACH_SSA_NAME(i, name, cfun)
		if (POINTER_TYPE_P(TREE_TYPE(name)) && SSA_NAME_PTR_INFO(name))
			pt_solution_reset(&SSA_NAME_PTR_INFO(name)->pt);
	pt_solution_reset(&cfun->gimple_df->escaped);
	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));

			if (!call)
				continue;
			gimple_call_set_tail(call, false);
			pt_solution_reset(gimple_call_use_set(call));
			pt_solution_reset(gimple_call_clobber_set(call));
		}
	}
}

/*
 * Move the function's locals into a frame with redzones.  The checks
 * collected before refer to the locals too: their addresses move along.
 * Returns true if the function changed.
 */
bool kasan_protect_stack(vec<kasan_check> *checks)
{
	struct frame f;
	struct scope_plan *plan;
	struct walk_stmt_info wi;
	kasan_check *check;
	unsigned int i;

	if (!kasan_opts.stack || cfun->calls_setjmp || cfun->has_nonlocal_label)
		return false;
	walk_function(note_local, &f);
	if (f.vars.is_empty())
		return false;

	lay_out(&f);
	plan = kasan_plan_scopes(&f, checks);
	kasan_free_frame_liveness(&f);
	walk_function(move_to_frame, &f);
	keep_debug_locations(&f);
	FOR_EACH_VEC_ELT(*checks, i, check) {
		memset(&wi, 0, sizeof(wi));
		wi.info = &f;
		walk_tree(&check->addr, move_to_frame, &wi, NULL);
	}
	if (kasan_fake_frame_wanted(&f))
		f.base = kasan_rebase_frame(&f, checks);
	emit_prologue_and_epilogues(&f, plan);
	kasan_free_scope_plan(plan);
	forget_points_to_and_tail_calls();
	return true;
}
