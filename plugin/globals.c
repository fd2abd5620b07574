// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redzones around global variables and string literals, and their
 * registration with the runtime (the "globals" argument; the kernel's
 * asan-globals=1): when the globals are chosen and grown, their
 * descriptors and the constructor.
 *
 * Which globals and literals are eligible and how large each one is
 * with its redzone is protected.c's; where they are written out, so
 * that each has a left redzone, is sections.c's.  This file uses both
 * and neither uses it: globals.c -> sections.c -> protected.c.
 *
 * Native GCC pads protected globals when it writes them out (varasm), a
 * step a plugin cannot reach.  We grow the variable instead: its
 * DECL_SIZE gets the right redzone, so the assembler emits the padding
 * and the ELF size covers it, as with clang.  That must wait until every
 * function is expanded: RTL copies a whole variable with DECL_SIZE
 * bytes, so "tmp = global_struct" would copy the redzone too.  The
 * globals are chosen after the IPA passes, when the constructor is
 * built; they grow at the end of the last function's passes, which is
 * before GCC writes out any variable.
 *
 * Live string literals are registered by their address (the constant
 * pool gives every literal of the same bytes one label) and get their
 * redzone when written out (sections.c).
 *
 * A static array of descriptors in the layout of the kernel's struct
 * kasan_global (8 pointer-sized fields since GCC 7: beg, size,
 * size_with_redzone, name, module_name, has_dynamic_init, location,
 * odr_indicator) goes to __asan_register_globals() from a constructor of
 * default priority (the kernel runs no other), and to
 * __asan_unregister_globals() from a destructor, with its length, read
 * from a variable that is final only when the globals grow.  The pads are
 * in it as globals of size 0.
 */
#include "kasan.h"

#define KASAN_GLOBAL_FIELDS 8

/* Protect DECL, and tell its section to have a pad in front of it. */
static void protect(tree decl)
{
	section *home;

	kasan_mark_protected(decl);
	home = kasan_home_section(decl);
	if (home)
		kasan_need_left_pad(home, DECL_ALIGN_UNIT(decl));
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
	unsigned HOST_WIDE_INT size = kasan_literal_size(str);

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
	for (i = 0; i < kasan_literal_count(); i++)
		if (all_literals || kasan_literal_live(i))
			describe_literal(&elts, kasan_literal(i), module_name);
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
 * folds it before.  The array only ever shrinks (the literals, never the
 * globals, can drop out), which an anchor block it may be in tolerates:
 * the bytes it no longer uses are written as zeros.
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
		if (kasan_global_eligible(vnode))
			pending_globals = tree_cons(NULL_TREE, vnode->decl,
						    pending_globals);
	kasan_collect_literals();
	if (!pending_globals && !kasan_literal_count())
		return;
	pending_globals = nreverse(pending_globals);
	for (list = pending_globals; list; list = TREE_CHAIN(list))
		protect(TREE_VALUE(list));
	if (kasan_literal_count())
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
		kasan_add_redzone(TREE_VALUE(list));
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
