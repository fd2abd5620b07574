// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Emitting checks, in the ABI of GCC's native -fsanitize=kernel-address,
 * so that either the kernel's mm/kasan or our runtime serves the code.
 *
 * Outline:  __asan_load4_noabort(addr);  __asan_storeN_noabort(addr, len);
 *
 * Inline, for a 4-byte load (GCC's tests, the partial granule's taken off
 * the fast path):
 *
 *	shadow = *(s8 *)((addr >> 3) + offset);
 *	if (shadow != 0)				(very unlikely)
 *		if ((s8)((addr & 7) + 3) >= shadow)	(cold)
 *			__asan_report_load4_noabort(addr);	(returns)
 *	original access
 *
 * 8- and 16-byte accesses test the whole shadow byte or word, with no
 * second test; N-byte ones test their first and last byte (wrapped in
 * "if (len != 0)" when len is not a constant).  The shadow accesses share
 * one alias set of their own: they alias nothing in the program.
 */
#include "kasan.h"

/* Runtime function decls, shadow types: kept alive across garbage collection. */
#define RUNTIME_DECLS_MAX 80
static tree runtime_decls[RUNTIME_DECLS_MAX];
static tree shadow_types[4];	/* one, two, four and a pointer's size */

static const struct ggc_root_tab kasan_ggc_roots[] = {
	{ runtime_decls, RUNTIME_DECLS_MAX, sizeof(runtime_decls[0]),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ shadow_types, ARRAY_SIZE(shadow_types), sizeof(shadow_types[0]),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	LAST_GGC_ROOT_TAB
};

void kasan_register_ggc_roots(const char *plugin_name)
{
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)kasan_ggc_roots);
}

static tree uintptr(void)
{
	return pointer_sized_int_node;
}

/* The slot of runtime decl NAME: its decl, or the empty slot for it. */
static tree *runtime_decl_slot(const char *name)
{
	tree id = get_identifier(name);
	unsigned int i;

	for (i = 0; i < RUNTIME_DECLS_MAX && runtime_decls[i]; i++)
		if (DECL_NAME(runtime_decls[i]) == id)
			return &runtime_decls[i];
	gcc_assert(i < RUNTIME_DECLS_MAX);
	return &runtime_decls[i];
}

/*
 * The decl of runtime function NAME.  TYPE is its type; NULL means
 * void (unsigned long) or void (unsigned long, unsigned long) by NARGS.
 */
static tree runtime_decl(const char *name, tree type, int nargs, bool noreturn)
{
	tree *slot = runtime_decl_slot(name);
	tree decl, attrs;

	if (*slot)
		return *slot;

	if (!type)
		type = nargs == 0 ? build_function_type_list(void_type_node,
							     NULL_TREE)
		     : nargs == 1 ? build_function_type_list(void_type_node,
							     uintptr(), NULL_TREE)
		     : build_function_type_list(void_type_node, uintptr(),
						uintptr(), NULL_TREE);
	decl = build_fn_decl(name, type);
	TREE_PUBLIC(decl) = 1;
	DECL_EXTERNAL(decl) = 1;
	DECL_ARTIFICIAL(decl) = 1;
	TREE_NOTHROW(decl) = 1;
	TREE_THIS_VOLATILE(decl) = noreturn;
	attrs = tree_cons(get_identifier("leaf"), NULL_TREE, NULL_TREE);
	if (noreturn || strstr(name, "_report_"))
		attrs = tree_cons(get_identifier("cold"), NULL_TREE, attrs);
	DECL_ATTRIBUTES(decl) = attrs;
	*slot = decl;
	return decl;
}

tree kasan_runtime_decl(const char *name, tree type, bool noreturn)
{
	return runtime_decl(name, type, -1, noreturn);
}

/* The runtime's "extern int NAME;", a flag it sets at run time. */
tree kasan_runtime_int(const char *name)
{
	tree *slot = runtime_decl_slot(name);
	tree id = get_identifier(name);
	tree decl;

	if (*slot)
		return *slot;
	decl = build_decl(UNKNOWN_LOCATION, VAR_DECL, id, integer_type_node);
	SET_DECL_ASSEMBLER_NAME(decl, id);
	TREE_PUBLIC(decl) = 1;
	DECL_EXTERNAL(decl) = 1;
	TREE_STATIC(decl) = 1;
	DECL_ARTIFICIAL(decl) = 1;
	DECL_IGNORED_P(decl) = 1;
	TREE_USED(decl) = 1;
	varpool_node::get_create(decl);
	*slot = decl;
	return decl;
}

static tree shadow_type(bool two_bytes)
{
	tree *slot = &shadow_types[two_bytes];

	if (!*slot) {
		tree type = build_distinct_type_copy(two_bytes ?
						     short_integer_type_node :
						     signed_char_type_node);

		/*
		 * One alias set for all shadow accesses: apart from the
		 * program's, never apart from each other (a 16-byte check's
		 * two-byte load must not pass the poisoning word store of
		 * the same shadow).
		 */
		TYPE_ALIAS_SET(type) = two_bytes ?
			get_alias_set(shadow_type(false)) : new_alias_set();
		/* The shadow of an 8-aligned address has no alignment. */
		*slot = build_aligned_type(type, BITS_PER_UNIT);
	}
	return *slot;
}

/* A copy of TYPE in the shadow's alias set, for wider shadow accesses. */
static tree in_shadow_alias_set(tree type)
{
	type = build_distinct_type_copy(type);
	TYPE_ALIAS_SET(type) = get_alias_set(shadow_type(false));
	return type;
}

/*
 * For poisoning a frame: four shadow bytes, in the same alias set, at
 * ALIGN bits (a frame's shadow is aligned if the frame is: stack.c).
 */
tree kasan_shadow_word_type(unsigned int align)
{
	if (!shadow_types[2])
		shadow_types[2] = in_shadow_alias_set(unsigned_type_node);
	return build_aligned_type(shadow_types[2], align);
}

/* One shadow byte, in the same alias set. */
tree kasan_shadow_byte_type(void)
{
	return shadow_type(false);
}

/* As many shadow bytes as a pointer has, at any alignment, same alias set. */
static tree shadow_pointer_word_type(void)
{
	if (!shadow_types[3])
		shadow_types[3] = build_aligned_type(in_shadow_alias_set(uintptr()),
						     BITS_PER_UNIT);
	return shadow_types[3];
}

static const char *access_word(const kasan_check *check)
{
	return check->is_store ? "store" : "load";
}

static void check_function_name(char *buf, size_t n, const kasan_check *check,
				bool report)
{
	const char *suffix = kasan_opts.recover ? "_noabort" : "";

	if (check->is_scalar)
		snprintf(buf, n, "__asan_%s%s" HOST_WIDE_INT_PRINT_DEC "%s",
			 report ? "report_" : "", access_word(check),
			 check->size, suffix);
	else
		snprintf(buf, n, "__asan_%s%s%s%s", report ? "report_" : "",
			 access_word(check), report ? "_n" : "N", suffix);
}

/* EXPR as an unsigned long, computed by statements appended to SEQ. */
static tree uintptr_value(gimple_seq *seq, location_t loc, tree expr)
{
	gimple_seq stmts;	/* force_gimple_operand() overwrites it */
	tree value = force_gimple_operand(unshare_expr(expr), &stmts, true,
					  NULL_TREE);

	gimple_seq_add_seq(seq, stmts);
	return gimple_convert(seq, loc, uintptr(), value);
}

static gcall *runtime_call(const kasan_check *check, bool report, tree addr,
			   tree len)
{
	char name[64];
	bool noreturn = report && !kasan_opts.recover;
	gcall *call;
	tree decl;

	check_function_name(name, sizeof(name), check, report);
	decl = runtime_decl(name, NULL_TREE, check->is_scalar ? 1 : 2,
			    noreturn);
	if (check->is_scalar)
		call = gimple_build_call(decl, 1, addr);
	else
		call = gimple_build_call(decl, 2, addr, len);
	gimple_set_location(call, check->loc);
	gimple_call_set_nothrow(call, true);
	return call;
}

/* A check after a call needs the call to return: no tail call. */
static void keep_returning(const kasan_check *check)
{
	gcall *call = dyn_cast<gcall *>(check->stmt);

	if (check->after && call)
		gimple_call_set_tail(call, false);
}

static void insert_at_check(const kasan_check *check, gimple_seq seq)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(check->stmt);

	keep_returning(check);
	if (check->after)
		gsi_insert_seq_after(&gsi, seq, GSI_SAME_STMT);
	else
		gsi_insert_seq_before(&gsi, seq, GSI_SAME_STMT);
}

void kasan_emit_outline(const kasan_check *check)
{
	gimple_seq seq = NULL;
	tree addr = uintptr_value(&seq, check->loc, check->addr);
	tree len = check->is_scalar ? NULL_TREE : uintptr_value(&seq, check->loc, check->len);

	gimple_seq_add_stmt(&seq, runtime_call(check, false, addr, len));
	insert_at_check(check, seq);
}

void kasan_emit_handle_no_return(gimple *stmt)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(stmt);
	gcall *call = gimple_build_call(runtime_decl("__asan_handle_no_return",
						     NULL_TREE, 0, false), 0);

	gimple_set_location(call, gimple_location(stmt));
	gsi_insert_before(&gsi, call, GSI_SAME_STMT);
}

/*
 * Split the block of the check's statement where the check goes.  The
 * returned block ends there, with one fallthrough edge to the rest.
 */
static basic_block open_check_block(const kasan_check *check)
{
	basic_block bb = gimple_bb(check->stmt);
	gimple_stmt_iterator gsi;

	if (check->after) {
		keep_returning(check);
		split_block(bb, check->stmt);
		return bb;
	}
	gsi = gsi_for_stmt(check->stmt);
	gsi_prev(&gsi);
	if (gsi_end_p(gsi))
		split_block_after_labels(bb);
	else
		split_block(bb, gsi_stmt(gsi));
	return bb;
}

void kasan_append_to_block(basic_block bb, gimple_seq seq)
{
	gimple_stmt_iterator gsi = gsi_last_bb(bb);

	gsi_insert_seq_after(&gsi, seq, GSI_CONTINUE_LINKING);
}

/*
 * End BB, whose single successor is JOIN, with "if (COND)" and return the
 * new block taken when COND holds; it falls through to JOIN unless it is
 * to end in a noreturn call.
 */
basic_block kasan_branch_if(basic_block bb, tree cond, location_t loc,
			     profile_probability taken, bool falls_through)
{
	edge fall = single_succ_edge(bb);
	basic_block then_bb;
	edge taken_edge;
	gcond *g;

	g = gimple_build_cond(NE_EXPR, cond, boolean_false_node, NULL_TREE,
			      NULL_TREE);
	gimple_set_location(g, loc);
	kasan_append_to_block(bb, g);

	fall->flags = (fall->flags & ~EDGE_FALLTHRU) | EDGE_FALSE_VALUE;
	fall->probability = taken.invert();

	then_bb = create_empty_bb(bb);
	if (current_loops)
		add_bb_to_loop(then_bb, bb->loop_father);
	taken_edge = make_edge(bb, then_bb, EDGE_TRUE_VALUE);
	taken_edge->probability = taken;
	then_bb->count = taken_edge->count();
	if (falls_through)
		make_single_succ_edge(then_bb, fall->dest, EDGE_FALLTHRU);
	return then_bb;
}

/* The address of ADDR's shadow byte, (addr >> 3) + offset, as uintptr. */
tree kasan_shadow_address(gimple_seq *seq, location_t loc, tree addr)
{
	tree shadow = gimple_build(seq, loc, RSHIFT_EXPR, uintptr(), addr,
				   build_int_cst(uintptr(), 3));

	return gimple_build(seq, loc, PLUS_EXPR, uintptr(), shadow,
			    build_int_cstu(uintptr(), kasan_opts.shadow_offset));
}

/* A load of TYPE from the shadow address SHADOW, appended to SEQ. */
static tree load_from_shadow(gimple_seq *seq, location_t loc, tree type,
			     tree shadow)
{
	tree ptr_type = build_pointer_type(type);
	tree ptr = gimple_convert(seq, loc, ptr_type, shadow);
	tree value = make_ssa_name(type);
	gassign *load;

	load = gimple_build_assign(value, build2(MEM_REF, type, ptr,
						 build_int_cst(ptr_type, 0)));
	gimple_set_location(load, loc);
	gimple_seq_add_stmt(seq, load);
	return value;
}

/* The pointer-sized shadow word at SHADOW, as uintptr (loops' windows). */
tree kasan_load_shadow_word(gimple_seq *seq, location_t loc, tree shadow)
{
	tree word = load_from_shadow(seq, loc, shadow_pointer_word_type(),
				     shadow);

	return gimple_convert(seq, loc, uintptr(), word);
}

static tree load_shadow(gimple_seq *seq, location_t loc, tree addr,
			bool two_bytes)
{
	tree value = load_from_shadow(seq, loc, shadow_type(two_bytes),
				      kasan_shadow_address(seq, loc, addr));

	return gimple_convert(seq, loc, two_bytes ? short_integer_type_node :
				       signed_char_type_node, value);
}

/*
 * An inline check is two tests.  The first, on the fast path, asks only
 * whether any shadow byte it loads is non-zero: one compare and one branch,
 * taken almost never.  The second, in a cold block of its own, decides
 * whether the access reaches past the accessible bytes of a partial
 * granule, and reports.  GCC (asan.cc, build_check_stmt()) tests both at
 * once, "shadow != 0 & (addr & 7) + size - 1 >= shadow", which costs two
 * branches and the "& 7" arithmetic on every access that is fine; the
 * split puts that work on the path that is almost never run.  A check of
 * 8 or 16 bytes needs no second test.
 */
struct shadow_test {
	tree addr;		/* the access's first (or, for N, last) byte */
	tree shadow;		/* its shadow byte, as signed char */
};

/*
 * True when the SIZE bytes at T.addr, whose shadow byte is non-zero, reach
 * into the unaddressable part of their granule: (addr & 7) + size - 1 >=
 * shadow.  When the access is 8-aligned, addr & 7 is known to be zero.
 */
static tree past_granule_end(gimple_seq *seq, location_t loc,
			     const struct shadow_test *t, HOST_WIDE_INT size,
			     bool aligned8)
{
	tree s8 = signed_char_type_node;
	tree last;

	if (aligned8) {
		last = build_int_cst(s8, size - 1);
	} else {
		last = gimple_build(seq, loc, BIT_AND_EXPR, uintptr(), t->addr,
				    build_int_cst(uintptr(), 7));
		last = gimple_convert(seq, loc, s8, last);
		if (size > 1)
			last = gimple_build(seq, loc, PLUS_EXPR, s8, last,
					    build_int_cst(s8, size - 1));
	}
	return gimple_build(seq, loc, GE_EXPR, boolean_type_node, last,
			    t->shadow);
}

static tree nonzero(gimple_seq *seq, location_t loc, tree value)
{
	return gimple_build(seq, loc, NE_EXPR, boolean_type_node, value,
			    build_zero_cst(TREE_TYPE(value)));
}

/*
 * The fast test of a check: does it load a non-zero shadow byte?  Fills
 * T with the bytes the slow test needs (none for 8 and 16 bytes, one for
 * 1, 2 and 4, the first and the last for N: only those, as GCC does).
 */
static tree fast_test(gimple_seq *seq, const kasan_check *check, tree addr,
		      tree len, struct shadow_test t[2])
{
	location_t loc = check->loc;
	tree end;

	if (check->is_scalar && check->size >= 8)
		return nonzero(seq, loc, load_shadow(seq, loc, addr,
						     check->size == 16));
	t[0].addr = addr;
	t[0].shadow = load_shadow(seq, loc, addr, false);
	if (check->is_scalar)
		return nonzero(seq, loc, t[0].shadow);
	end = gimple_build(seq, loc, MINUS_EXPR, uintptr(), len,
			   build_one_cst(uintptr()));
	t[1].addr = gimple_build(seq, loc, PLUS_EXPR, uintptr(), addr, end);
	t[1].shadow = load_shadow(seq, loc, t[1].addr, false);
	return nonzero(seq, loc, gimple_build(seq, loc, BIT_IOR_EXPR,
					      signed_char_type_node,
					      t[0].shadow, t[1].shadow));
}

/* The slow test: T's shadow is known non-zero (for N, one of the two). */
static tree slow_test(gimple_seq *seq, const kasan_check *check,
		      const struct shadow_test t[2])
{
	location_t loc = check->loc;
	tree first, last;

	if (check->is_scalar)
		return past_granule_end(seq, loc, &t[0], check->size,
					check->align >= 64);
	first = past_granule_end(seq, loc, &t[0], 1, false);
	first = gimple_build(seq, loc, BIT_AND_EXPR, boolean_type_node, first,
			     nonzero(seq, loc, t[0].shadow));
	last = past_granule_end(seq, loc, &t[1], 1, false);
	last = gimple_build(seq, loc, BIT_AND_EXPR, boolean_type_node, last,
			    nonzero(seq, loc, t[1].shadow));
	return gimple_build(seq, loc, BIT_IOR_EXPR, boolean_type_node, first,
			    last);
}

/* Appends SEQ to BB and branches, very unlikely, on COND. */
static basic_block branch_unlikely(basic_block bb, gimple_seq seq, tree cond,
				   location_t loc, bool falls_through)
{
	kasan_append_to_block(bb, seq);
	return kasan_branch_if(bb, cond, loc,
			       profile_probability::very_unlikely(),
			       falls_through);
}

void kasan_emit_inline(const kasan_check *check)
{
	struct shadow_test t[2];
	gimple_seq seq = NULL;
	tree addr, len = NULL_TREE, cond;
	basic_block bb;
	gimple_stmt_iterator gsi;

	bb = open_check_block(check);
	addr = uintptr_value(&seq, check->loc, check->addr);
	if (!check->is_scalar)
		len = uintptr_value(&seq, check->loc, check->len);
	if (!check->is_scalar && check->size < 0) {
		cond = nonzero(&seq, check->loc, len);
		kasan_append_to_block(bb, seq);
		seq = NULL;
		bb = kasan_branch_if(bb, cond, check->loc,
				     profile_probability::likely(), true);
	}
	cond = fast_test(&seq, check, addr, len, t);
	if (!check->is_scalar || check->size < 8) {
		bb = branch_unlikely(bb, seq, cond, check->loc, true);
		seq = NULL;
		cond = slow_test(&seq, check, t);
	}
	bb = branch_unlikely(bb, seq, cond, check->loc, kasan_opts.recover);
	gsi = gsi_start_bb(bb);
	gsi_insert_after(&gsi, runtime_call(check, true, addr, len),
			 GSI_NEW_STMT);
}

void kasan_dump_check(FILE *f, const char *what, const kasan_check *check)
{
	expanded_location loc = expand_location(check->loc);

	fprintf(f, "kasan: %s %s ", what, access_word(check));
	if (check->size >= 0)
		fprintf(f, HOST_WIDE_INT_PRINT_DEC, check->size);
	else
		print_generic_expr(f, check->len, TDF_SLIM);
	fprintf(f, " %s at ", check->is_scalar ? "scalar" : "range");
	print_generic_expr(f, check->addr, TDF_SLIM);
	if (loc.file)
		fprintf(f, " (%s:%d:%d)", loc.file, loc.line, loc.column);
	fputc('\n', f);
}
