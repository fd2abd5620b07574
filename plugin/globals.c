// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redzones around global variables and string literals, and their
 * registration with the runtime (the "globals" argument; the kernel's
 * asan-globals=1).
 *
 * Native GCC pads protected globals when it writes them out (varasm), a
 * step a plugin cannot reach.  We grow the variable instead: its
 * DECL_SIZE gets the right redzone, so the assembler emits the padding
 * and the ELF size covers it, as with clang.  That must wait until every
 * function is expanded: RTL copies a whole variable with DECL_SIZE
 * bytes, so "tmp = global_struct" would copy the redzone too.  The
 * globals are chosen after the IPA passes, when the constructor is
 * built; they grow at the end of the last function's passes, which is
 * before GCC writes out any variable.  The original size is kept in an
 * attribute whose name has a space in it (no source can spell it).
 *
 * Sizes: a protected object starts on a granule (8 bytes) or its own
 * larger alignment, and with its right redzone takes
 * round_up(round_up(size, 8) + 32, alignment) bytes: at least 32 bytes
 * of redzone, as GCC's rule, but GCC also aligns every global to 32,
 * which only user-space ASan's 32-bit shadow stores wanted; the runtimes
 * poison per granule.  sections.c places the objects so that each one's
 * left neighbour is another's right redzone or a pad.
 *
 * String literals are protected as GCC protects them: those that the
 * functions and initialisers of the unit refer to are the candidates,
 * collected after the IPA passes; those that a function still refers to
 * when it reaches our pass (or an initialiser does) are registered by
 * their address (the constant pool gives every literal of the same bytes
 * one label) and get their redzone when written out (sections.c).
 * Literals that later folding creates (printf into puts, say) are not
 * protected.
 *
 * A static array of descriptors in the layout of the kernel's struct
 * kasan_global (8 pointer-sized fields since GCC 7: beg, size,
 * size_with_redzone, name, module_name, has_dynamic_init, location,
 * odr_indicator) goes to __asan_register_globals() from a constructor of
 * default priority (the kernel runs no other), and to
 * __asan_unregister_globals() from a destructor, with its length, read
 * from a variable that is final only when the globals grow.  The pads are
 * in it as globals of size 0.
 *
 * Eligible, as in GCC: variables defined here, not TLS, not common, not
 * comdat, not in a section the source names (such sections are often
 * walked as arrays), of a constant non-zero size and at most 64-byte
 * alignment, not weakrefs or aliases, not hard registers, not in a named
 * address space; not weak or interposable ones (GCC registers those
 * through a local alias; we leave them out); and not ones GCC writes out
 * before the functions (no_reorder: -fno-toplevel-reorder, which -O0
 * implies), which could not grow in time.
 */
#include "kasan.h"

#define KASAN_GLOBAL_FIELDS 8
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

static bool protectable(varpool_node *vnode)
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
	if (kasan_global_protected(decl))
		return false;
	/* GCC's data alignment, decided now, so the size can follow it. */
	align_variable(decl, false);
	return DECL_ALIGN_UNIT(decl) <= MAX_PROTECTED_ALIGN;
}

/*
 * Protect DECL from now on: its alignment is final (at least a granule,
 * and user-given so varasm keeps it), its original size recorded, its
 * section told to have a pad.
 */
static void protect(tree decl)
{
	section *home;

	if (DECL_ALIGN_UNIT(decl) < KASAN_GRANULE)
		SET_DECL_ALIGN(decl, KASAN_GRANULE * BITS_PER_UNIT);
	DECL_USER_ALIGN(decl) = 1;
	DECL_ATTRIBUTES(decl) = tree_cons(get_identifier(original_size_attr),
					  DECL_SIZE_UNIT(decl),
					  DECL_ATTRIBUTES(decl));
	home = kasan_home_section(decl);
	if (home)
		kasan_need_left_pad(home, DECL_ALIGN_UNIT(decl));
}

static void add_redzone(tree decl)
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

static unsigned int literal_count(void)
{
	return literal_table ? TREE_VEC_LENGTH(literal_table) : 0;
}

static HOST_WIDE_INT literal_size(const_tree str)
{
	return MAX(TREE_STRING_LENGTH(str),
		   int_size_in_bytes(TREE_TYPE(str)));
}

static int compare_literals(const_tree a, const_tree b)
{
	HOST_WIDE_INT la = TREE_STRING_LENGTH(a), lb = TREE_STRING_LENGTH(b);

	if (la != lb)
		return la < lb ? -1 : 1;
	if (literal_size(a) != literal_size(b))
		return literal_size(a) < literal_size(b) ? -1 : 1;
	return memcmp(TREE_STRING_POINTER(a), TREE_STRING_POINTER(b), la);
}

static int compare_literal_ptrs(const void *a, const void *b)
{
	return compare_literals(*(const const_tree *)a, *(const const_tree *)b);
}

/* STR's index in the table, or -1. */
static int literal_index(const_tree str)
{
	unsigned int lo = 0, hi = literal_count();

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
	if (TREE_CODE(*tp) == STRING_CST && literal_size(*tp) > 0 &&
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

static void mark_live(const vec<tree> &found)
{
	unsigned int i;
	int index;

	for (i = 0; i < found.length(); i++) {
		index = literal_index(found[i]);
		if (index >= 0)
			literal_live[index] = true;
	}
}

/* FN reached our pass: the literals it still refers to are live. */
void kasan_note_live_literals(function *fn)
{
	auto_vec<tree> found;

	if (!literal_count() || !fn->cfg)
		return;
	literals_of_body(fn, &found);
	mark_live(found);
}

static void collect_literals(void)
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

static tree string_address(const char *s)
{
	return fold_convert(pointer_sized_int_node,
			    build_string_literal(strlen(s) + 1, s));
}

static void push_field(vec<constructor_elt, va_gc> **elts, tree value)
{
	CONSTRUCTOR_APPEND_ELT(*elts, NULL_TREE,
			       fold_convert(pointer_sized_int_node, value));
}

static void describe(vec<constructor_elt, va_gc> **elts, tree addr,
		     unsigned HOST_WIDE_INT size,
		     unsigned HOST_WIDE_INT size_with_redzone,
		     const char *name, tree module_name)
{
	tree uintptr = pointer_sized_int_node;

	push_field(elts, addr);
	push_field(elts, size_int(size));
	push_field(elts, size_int(size_with_redzone));
	push_field(elts, string_address(name));
	push_field(elts, module_name);
	push_field(elts, build_int_cst(uintptr, 0));	/* has_dynamic_init */
	push_field(elts, build_int_cst(uintptr, 0));	/* location */
	push_field(elts, build_int_cst(uintptr, 0));	/* odr_indicator */
}

static void describe_global(vec<constructor_elt, va_gc> **elts, tree decl,
			    tree module_name)
{
	unsigned HOST_WIDE_INT size =
		tree_to_uhwi(kasan_global_original_size(decl));

	describe(elts, build_fold_addr_expr(decl), size,
		 kasan_global_total_size(size, DECL_ALIGN_UNIT(decl)),
		 IDENTIFIER_POINTER(DECL_NAME(decl)), module_name);
}

static void describe_literal(vec<constructor_elt, va_gc> **elts, tree str,
			     tree module_name)
{
	unsigned HOST_WIDE_INT size = literal_size(str);

	describe(elts, build_fold_addr_expr(str), size,
		 kasan_global_total_size(size, KASAN_GRANULE),
		 "<string literal>", module_name);
}

static void describe_pads(vec<constructor_elt, va_gc> **elts,
			  unsigned int npads, tree module_name)
{
	unsigned int i, size;

	for (i = 0; i < npads; i++) {
		tree pad = kasan_left_pad(i, &size);

		describe(elts, build_fold_addr_expr(pad), 0, size,
			 "<left redzone>", module_name);
	}
}

/* Chosen globals and their descriptors, until the globals grow. */
static tree pending_globals;	/* TREE_LIST of decls */
static tree pending_descriptors;
static tree pending_count;	/* the number the constructors pass */
static unsigned int pending_pads;

static const struct ggc_root_tab globals_ggc_roots[] = {
	{ &pending_globals, 1, sizeof(pending_globals),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &pending_descriptors, 1, sizeof(pending_descriptors),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &pending_count, 1, sizeof(pending_count),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &literal_table, 1, sizeof(literal_table),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	LAST_GGC_ROOT_TAB
};

void kasan_register_globals_roots(const char *plugin_name)
{
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)globals_ggc_roots);
}

static tree internal_variable(const char *name, tree type)
{
	tree var = build_decl(BUILTINS_LOCATION, VAR_DECL,
			      create_tmp_var_name(name), type);

	TREE_STATIC(var) = 1;
	TREE_PUBLIC(var) = 0;
	TREE_ADDRESSABLE(var) = 1;
	DECL_ARTIFICIAL(var) = 1;
	DECL_IGNORED_P(var) = 1;
	kasan_mark_internal(var);
	return var;
}

static void output_internal_variable(tree var)
{
	varpool_node::finalize_decl(var);
	varpool_node::get(var)->force_output = 1;
}

/* The descriptors of the pads, globals and literals (all, or the live). */
static vec<constructor_elt, va_gc> *describe_all(bool all_literals,
						 unsigned int *count)
{
	tree module_name = string_address(main_input_filename);
	vec<constructor_elt, va_gc> *elts = NULL;
	unsigned int i;
	tree list;

	describe_pads(&elts, pending_pads, module_name);
	for (list = pending_globals; list; list = TREE_CHAIN(list))
		describe_global(&elts, TREE_VALUE(list), module_name);
	for (i = 0; i < literal_count(); i++)
		if (all_literals || literal_live[i])
			describe_literal(&elts, TREE_VEC_ELT(literal_table, i),
					 module_name);
	*count = vec_safe_length(elts) / KASAN_GLOBAL_FIELDS;
	return elts;
}

static void set_descriptors(vec<constructor_elt, va_gc> *elts,
			    unsigned int count)
{
	tree type = build_array_type_nelts(pointer_sized_int_node,
					   count * KASAN_GLOBAL_FIELDS);

	TREE_TYPE(pending_descriptors) = type;
	DECL_SIZE(pending_descriptors) = TYPE_SIZE(type);
	DECL_SIZE_UNIT(pending_descriptors) = TYPE_SIZE_UNIT(type);
	DECL_INITIAL(pending_descriptors) = build_constructor(type, elts);
	DECL_INITIAL(pending_count) = build_int_cst(pointer_sized_int_node,
						    count);
}

/*
 * The descriptor array, first with every candidate literal: its
 * references keep the globals and literals it names alive through the
 * removal of unreachable variables that follows.  The constructors read
 * the number of descriptors from a variable, which is final only when
 * the last function has been through our pass (kasan_grow_globals()
 * drops the literals that turned out dead); volatile, so that nothing
 * folds it before.
 */
static void build_descriptors(void)
{
	vec<constructor_elt, va_gc> *elts;
	unsigned int count;

	pending_descriptors = internal_variable("__kasan_globals",
						pointer_sized_int_node);
	pending_count = internal_variable("__kasan_globals_count",
					  pointer_sized_int_node);
	TREE_THIS_VOLATILE(pending_count) = 1;
	TREE_SIDE_EFFECTS(pending_count) = 1;
	elts = describe_all(true, &count);
	set_descriptors(elts, count);
	output_internal_variable(pending_descriptors);
	output_internal_variable(pending_count);
}

static void build_cdtor(char which, const char *fn)
{
	tree decl = kasan_runtime_decl(fn, build_function_type_list(
		void_type_node, pointer_sized_int_node, pointer_sized_int_node,
		NULL_TREE), false);
	tree call = build_call_expr(decl, 2,
		fold_convert(pointer_sized_int_node,
			     build_fold_addr_expr(pending_descriptors)),
		pending_count);

	/* The kernel runs constructors of the default priority only. */
	cgraph_build_static_cdtor(which, call, DEFAULT_INIT_PRIORITY);
}

/* After the IPA passes: choose the globals, build the constructors. */
void kasan_protect_globals(void *event_data ATTRIBUTE_UNUSED,
			   void *user_data ATTRIBUTE_UNUSED)
{
	varpool_node *vnode;
	tree list;

	if (!kasan_opts.globals || kasan_opts.disabled || seen_error())
		return;
	FOR_EACH_DEFINED_VARIABLE(vnode)
		if (protectable(vnode))
			pending_globals = tree_cons(NULL_TREE, vnode->decl,
						    pending_globals);
	collect_literals();
	if (!pending_globals && !literal_count())
		return;
	pending_globals = nreverse(pending_globals);
	for (list = pending_globals; list; list = TREE_CHAIN(list))
		protect(TREE_VALUE(list));
	if (literal_count())
		kasan_need_left_pad(kasan_literal_home_section(), KASAN_GRANULE);
	pending_pads = kasan_make_left_pads();
	build_descriptors();
	build_cdtor('I', "__asan_register_globals");
	build_cdtor('D', "__asan_unregister_globals");
	kasan_start_routing();
}

static bool functions_left_to_expand(void)
{
	cgraph_node *node;

	FOR_EACH_DEFINED_FUNCTION(node)
		if (node->process)
			return true;
	return false;
}

/*
 * After a function's passes: if it was the last one, grow the globals and
 * describe them as they are now (the vectorizer may have raised a
 * global's alignment after the choice, and with it its size; the pad
 * before its group stays as it was, which can leave a gap unpoisoned,
 * never a byte of another object poisoned), with the live literals only.
 */
void kasan_grow_globals(void *event_data ATTRIBUTE_UNUSED,
			void *user_data ATTRIBUTE_UNUSED)
{
	vec<constructor_elt, va_gc> *elts;
	unsigned int count;
	tree list;

	if (!pending_descriptors || functions_left_to_expand())
		return;
	for (list = pending_globals; list; list = TREE_CHAIN(list))
		add_redzone(TREE_VALUE(list));
	elts = describe_all(false, &count);
	set_descriptors(elts, count);
	pending_globals = NULL_TREE;
	pending_descriptors = NULL_TREE;
	pending_count = NULL_TREE;
}

/* Had no function been expanded after the choice, sizes would not match. */
void kasan_check_globals_grown(void *event_data ATTRIBUTE_UNUSED,
			       void *user_data ATTRIBUTE_UNUSED)
{
	if (pending_descriptors && !seen_error())
		error("kasan: global redzones were chosen but never added");
}
