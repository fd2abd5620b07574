// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a protected global is: which variables and string literals get
 * redzones, and how many bytes each one takes with its redzone.
 *
 * globals.c (which ones, their descriptors and constructor, when they
 * grow) and sections.c (where they are written, left redzones) both ask
 * these questions; they are answered here, below both, so that the
 * dependencies go one way: globals.c -> sections.c -> protected.c, and
 * globals.c -> protected.c.  Nothing here calls either of them.
 *
 * Eligible, as in GCC's asan_protect_global(): variables defined here,
 * not TLS, not common, not comdat, not in a section the source names
 * (such sections are often walked as arrays), of a constant non-zero
 * size and at most 64-byte alignment, not weakrefs or aliases, not hard
 * registers, not in a named address space; not weak or interposable ones
 * (GCC registers those through a local alias; we leave them out); and
 * not ones GCC writes out before the functions (no_reorder:
 * -fno-toplevel-reorder, which -O0 implies), which could not grow in
 * time.  Variables the plugin makes itself (descriptors, pads) are
 * marked internal and never protected.
 *
 * A protected variable is one that carries its original size in an
 * attribute whose name has a space in it (no source can spell it).
 *
 * Sizes: a protected object starts on a granule (8 bytes) or its own
 * larger alignment, and with its right redzone takes
 * round_up(round_up(size, 8) + 32, alignment) bytes: at least 32 bytes
 * of redzone, as GCC's rule, but GCC also aligns every global to 32,
 * which only user-space ASan's 32-bit shadow stores wanted; the runtimes
 * poison per granule.
 *
 * Protected objects never go into section anchor blocks (see
 * block_symbol()).
 *
 * String literals are protected as GCC protects them: those that the
 * functions and initialisers of the unit refer to are the candidates,
 * collected after the IPA passes; those that a function still refers to
 * when it reaches our pass (or an initialiser does) are live, and only
 * live ones are protected.  Literals that later folding creates (printf
 * into puts, say) are not protected.
 */
#include "kasan.h"

#define MAX_PROTECTED_ALIGN 64

static const char original_size_attr[] = "kasan original size";
static const char internal_attr[] = "kasan internal";

/* Bytes an object of SIZE takes with its right redzone, at ALIGN_BYTES. */
unsigned HOST_WIDE_INT kasan_global_total_size(unsigned HOST_WIDE_INT size,
					       unsigned int align_bytes)
{
	unsigned HOST_WIDE_INT total;

	total = ROUND_UP(size, KASAN_GRANULE) + KASAN_GLOBAL_MIN_REDZONE;
	return ROUND_UP(total, MAX(align_bytes, (unsigned int)KASAN_GRANULE));
}

/* The size of DECL before we added a redzone, or NULL. */
tree kasan_global_original_size(tree decl)
{
	tree attr = lookup_attribute(original_size_attr, DECL_ATTRIBUTES(decl));

	return attr ? TREE_VALUE(attr) : NULL_TREE;
}

bool kasan_global_protected(tree decl)
{
	return kasan_global_original_size(decl) != NULL_TREE;
}

/* Variables the plugin makes itself (descriptors, pads) are never protected. */
void kasan_mark_internal(tree decl)
{
	DECL_ATTRIBUTES(decl) = tree_cons(get_identifier(internal_attr),
					  NULL_TREE, DECL_ATTRIBUTES(decl));
}

/*
 * Section anchors (-fsection-anchors, on for ARM from -O1): GCC addresses
 * the objects of a section's block from one symbol, at offsets it fixes
 * from each object's size when code first refers to it, and writes the
 * block out in one piece.  A protected object grows after that, so it
 * must stay out of every block: its section (sections.c) has none, but
 * GCC may have made its RTL before we chose it, in the block of the
 * section it had then.  While it has no offset there, it leaves the
 * block, as an object GCC never gave one; once it has an offset, code
 * may address it there: it cannot be protected.
 */
static rtx block_symbol(rtx mem)
{
	rtx sym;

	if (!mem || !MEM_P(mem))
		return NULL_RTX;
	sym = XEXP(mem, 0);
	if (GET_CODE(sym) != SYMBOL_REF || !SYMBOL_REF_HAS_BLOCK_INFO_P(sym) ||
	    !SYMBOL_REF_BLOCK(sym))
		return NULL_RTX;
	return sym;
}

static bool placed_in_anchor_block(rtx mem)
{
	rtx sym = block_symbol(mem);

	return sym && SYMBOL_REF_BLOCK_OFFSET(sym) >= 0;
}

static void leave_anchor_block(rtx mem)
{
	rtx sym = block_symbol(mem);

	if (sym) {
		gcc_assert(SYMBOL_REF_BLOCK_OFFSET(sym) < 0);
		SYMBOL_REF_BLOCK(sym) = NULL;
	}
}

static rtx existing_decl_rtl(tree decl)
{
	return DECL_RTL_SET_P(decl) ? DECL_RTL(decl) : NULL_RTX;
}

/* Whether VNODE can be protected (the file header's list). */
bool kasan_global_eligible(varpool_node *vnode)
{
	tree decl = vnode->decl;

	if (vnode->alias || vnode->no_reorder || DECL_EXTERNAL(decl) ||
	    DECL_THREAD_LOCAL_P(decl) || DECL_HARD_REGISTER(decl) ||
	    DECL_ONE_ONLY(decl) || DECL_IN_CONSTANT_POOL(decl))
		return false;
	if (DECL_COMMON(decl) && TREE_PUBLIC(decl))
		return false;
	/*
	 * The descriptor names the symbol, which the linker may bind to
	 * another unit's definition (a weak one overridden, an interposable
	 * one): we would poison that object by our size.
	 */
	if (!decl_binds_to_current_def_p(decl))
		return false;
	/* A __seg_gs variable's address is no address in the shadow's range. */
	if (!ADDR_SPACE_GENERIC_P(TYPE_ADDR_SPACE(TREE_TYPE(decl))))
		return false;
	if (DECL_SECTION_NAME(decl) && !vnode->implicit_section)
		return false;
	if (!DECL_SIZE_UNIT(decl) || TREE_CODE(DECL_SIZE_UNIT(decl)) != INTEGER_CST ||
	    integer_zerop(DECL_SIZE_UNIT(decl)) ||
	    !tree_fits_uhwi_p(DECL_SIZE_UNIT(decl)))
		return false;
	if (lookup_attribute("weakref", DECL_ATTRIBUTES(decl)) ||
	    lookup_attribute(internal_attr, DECL_ATTRIBUTES(decl)))
		return false;
	if (kasan_global_protected(decl) ||
	    placed_in_anchor_block(existing_decl_rtl(decl)))
		return false;
	/* GCC's data alignment, decided now, so the size can follow it. */
	align_variable(decl, false);
	return DECL_ALIGN_UNIT(decl) <= MAX_PROTECTED_ALIGN;
}

/*
 * Protect DECL from now on: its alignment is final (at least a granule,
 * and user-given so varasm keeps it) and its original size recorded.
 */
void kasan_mark_protected(tree decl)
{
	if (DECL_ALIGN_UNIT(decl) < KASAN_GRANULE)
		SET_DECL_ALIGN(decl, KASAN_GRANULE * BITS_PER_UNIT);
	DECL_USER_ALIGN(decl) = 1;
	leave_anchor_block(existing_decl_rtl(decl));
	DECL_ATTRIBUTES(decl) = tree_cons(get_identifier(original_size_attr),
					  DECL_SIZE_UNIT(decl),
					  DECL_ATTRIBUTES(decl));
}

/* Grow protected DECL by its right redzone (only once nothing copies it). */
void kasan_add_redzone(tree decl)
{
	unsigned HOST_WIDE_INT size = tree_to_uhwi(kasan_global_original_size(decl));
	unsigned HOST_WIDE_INT total;

	total = kasan_global_total_size(size, DECL_ALIGN_UNIT(decl));
	DECL_SIZE_UNIT(decl) = size_int(total);
	DECL_SIZE(decl) = bitsize_int(total * BITS_PER_UNIT);
}

/*
 * String literals: the unit's, sorted by bytes, once each; a GC root,
 * since the functions that referred to them go away before the literals
 * are written out.  The table is chosen after the IPA passes, from bodies
 * that the IPA transformations have not changed yet: one that ends up
 * unused (IPA-CP dropped the argument it was passed as, say) is live only
 * if some function still refers to it when it reaches our pass, or an
 * initialiser does.  Only live ones are protected and registered.
 */
static tree literal_table;	/* TREE_VEC */
static bool *literal_live;	/* per entry of literal_table */

unsigned int kasan_literal_count(void)
{
	return literal_table ? TREE_VEC_LENGTH(literal_table) : 0;
}

/* Its bytes: the string, or its array type when that is longer. */
HOST_WIDE_INT kasan_literal_size(const_tree str)
{
	return MAX(TREE_STRING_LENGTH(str),
		   int_size_in_bytes(TREE_TYPE(str)));
}

static int compare_literals(const_tree a, const_tree b)
{
	HOST_WIDE_INT la = TREE_STRING_LENGTH(a), lb = TREE_STRING_LENGTH(b);

	if (la != lb)
		return la < lb ? -1 : 1;
	if (kasan_literal_size(a) != kasan_literal_size(b))
		return kasan_literal_size(a) < kasan_literal_size(b) ? -1 : 1;
	return memcmp(TREE_STRING_POINTER(a), TREE_STRING_POINTER(b), la);
}

static int compare_literal_ptrs(const void *a, const void *b)
{
	return compare_literals(*(const const_tree *)a, *(const const_tree *)b);
}

/* STR's index in the table, or -1. */
static int literal_index(const_tree str)
{
	unsigned int lo = 0, hi = kasan_literal_count();

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;
		int cmp = compare_literals(str, TREE_VEC_ELT(literal_table, mid));

		if (!cmp)
			return mid;
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

bool kasan_literal_protected(tree str)
{
	int i = literal_index(str);

	return i >= 0 && literal_live[i];
}

static tree note_literal(tree *tp, int *walk_subtrees ATTRIBUTE_UNUSED,
			 void *data)
{
	vec<tree> *found = (vec<tree> *)data;

	/* Over-aligned ones would not fit the granule-aligned group. */
	if (TREE_CODE(*tp) == STRING_CST && kasan_literal_size(*tp) > 0 &&
	    TYPE_ALIGN_UNIT(TREE_TYPE(*tp)) <= KASAN_GRANULE)
		found->safe_push(*tp);
	return NULL_TREE;
}

static tree note_literal_in_gimple(tree *tp, int *walk_subtrees, void *data)
{
	struct walk_stmt_info *wi = (struct walk_stmt_info *)data;

	return note_literal(tp, walk_subtrees, wi->info);
}

/* A literal in an initialiser is only a pool constant if its address is. */
static tree note_addressed_literal(tree *tp, int *walk_subtrees, void *data)
{
	if (TREE_CODE(*tp) == ADDR_EXPR &&
	    TREE_CODE(TREE_OPERAND(*tp, 0)) == STRING_CST)
		return note_literal(&TREE_OPERAND(*tp, 0), walk_subtrees, data);
	return NULL_TREE;
}

/* The literals of FN's statements and PHIs. */
static void literals_of_body(function *fn, vec<tree> *found)
{
	basic_block bb;
	unsigned int i;

	FOR_EACH_BB_FN(bb, fn) {
		gimple_stmt_iterator gsi;
		gphi_iterator pi;

		for (pi = gsi_start_phis(bb); !gsi_end_p(pi); gsi_next(&pi)) {
			gphi *phi = pi.phi();

			for (i = 0; i < gimple_phi_num_args(phi); i++)
				walk_tree_without_duplicates(
					gimple_phi_arg_def_ptr(phi, i),
					note_literal, found);
		}
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			struct walk_stmt_info wi;

			/*
			 * An internal call's literal is no object in memory:
			 * .DEFERRED_INIT (-ftrivial-auto-var-init) names the
			 * variable it initialises, for diagnostics only.
			 */
			if (is_gimple_debug(gsi_stmt(gsi)) ||
			    gimple_call_internal_p(gsi_stmt(gsi)))
				continue;
			memset(&wi, 0, sizeof(wi));
			wi.info = found;
			walk_gimple_op(gsi_stmt(gsi), note_literal_in_gimple, &wi);
		}
	}
}

/*
 * A literal whose constant GCC made already (for an uninstrumented
 * function, say) may be in an anchor block: see block_symbol().
 */
static void mark_live(const vec<tree> &found)
{
	unsigned int i;
	int index;

	for (i = 0; i < found.length(); i++) {
		rtx mem;

		index = literal_index(found[i]);
		if (index < 0 || literal_live[index])
			continue;
		mem = lookup_constant_def(found[i]);
		if (placed_in_anchor_block(mem))
			continue;
		leave_anchor_block(mem);
		literal_live[index] = true;
	}
}

/* FN reached our pass: the literals it still refers to are live. */
void kasan_note_live_literals(function *fn)
{
	auto_vec<tree> found;

	if (!kasan_literal_count() || !fn->cfg)
		return;
	literals_of_body(fn, &found);
	mark_live(found);
}

/* After the IPA passes: the candidates, the initialisers' ones live. */
void kasan_collect_literals(void)
{
	cgraph_node *cnode;
	varpool_node *vnode;
	auto_vec<tree> found, initialisers;
	hash_set<tree> walked;
	unsigned int i, kept = 0;

	/*
	 * Every body there is, not only definitions: a function that is
	 * kept only for its IPA clones to be made from holds their literals.
	 * Inline clones share their function's decl and body.
	 */
	FOR_EACH_FUNCTION(cnode) {
		function *fn = DECL_STRUCT_FUNCTION(cnode->decl);

		if (fn && fn->cfg && !walked.add(cnode->decl))
			literals_of_body(fn, &found);
	}
	FOR_EACH_DEFINED_VARIABLE(vnode) {
		tree init = DECL_INITIAL(vnode->decl);

		if (init && init != error_mark_node)
			walk_tree_without_duplicates(&init,
						     note_addressed_literal,
						     &initialisers);
	}
	found.safe_splice(initialisers);
	found.qsort(compare_literal_ptrs);
	for (i = 0; i < found.length(); i++)
		if (!kept || compare_literals(found[kept - 1], found[i]))
			found[kept++] = found[i];
	if (!kept)
		return;
	literal_table = make_tree_vec(kept);
	for (i = 0; i < kept; i++)
		TREE_VEC_ELT(literal_table, i) = found[i];
	literal_live = XCNEWVEC(bool, kept);
	mark_live(initialisers);
}

/* The I-th candidate, in the table's order. */
tree kasan_literal(unsigned int i)
{
	return TREE_VEC_ELT(literal_table, i);
}

bool kasan_literal_live(unsigned int i)
{
	return literal_live[i];
}

static const struct ggc_root_tab literal_ggc_roots[] = {
	{ &literal_table, 1, sizeof(literal_table),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	LAST_GGC_ROOT_TAB
};

void kasan_register_literal_roots(const char *plugin_name)
{
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)literal_ggc_roots);
}
