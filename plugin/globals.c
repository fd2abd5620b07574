// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redzones after global variables, and their registration with the
 * runtime (the "globals" argument; the kernel's asan-globals=1).
 *
 * Native GCC pads protected globals when it writes them out (varasm), a
 * step a plugin cannot reach.  We grow the variable instead: its
 * DECL_SIZE gets GCC's redzone (the size rounded up to a multiple of 32,
 * plus 32 to 63 bytes) and its alignment becomes 32, so the assembler
 * emits the padding and the ELF size covers it, as with clang.  That must
 * wait until every function is expanded: RTL copies a whole variable with
 * DECL_SIZE bytes, so "tmp = global_struct" would copy the redzone too.
 * The globals are chosen after the IPA passes, when the constructor is
 * built; they grow at the end of the last function's passes, which is
 * before GCC writes out any variable.  The original size is kept in an
 * attribute whose name has a space in it (no source can spell it).
 *
 * A static array of descriptors in the layout of the kernel's struct
 * kasan_global (8 pointer-sized fields since GCC 7: beg, size,
 * size_with_redzone, name, module_name, has_dynamic_init, location,
 * odr_indicator) goes to __asan_register_globals() from a constructor of
 * default priority (the kernel runs no other), and to
 * __asan_unregister_globals() from a destructor.
 *
 * Eligible, as in GCC: variables defined here, not TLS, not common, not
 * comdat, not in a section the source names (such sections are often
 * walked as arrays), of a constant non-zero size and at most 64-byte
 * alignment, not weakrefs or aliases, not hard registers.
 */
#include "kasan.h"

#define KASAN_GLOBAL_FIELDS 8
#define REDZONE_GRANULE 32

static const char original_size_attr[] = "kasan original size";

static unsigned HOST_WIDE_INT redzone_size(unsigned HOST_WIDE_INT size)
{
	unsigned HOST_WIDE_INT rest = size % REDZONE_GRANULE;

	return rest ? 2 * REDZONE_GRANULE - rest : REDZONE_GRANULE;
}

/* The size of DECL before we added a redzone, or NULL. */
tree kasan_global_original_size(tree decl)
{
	tree attr = lookup_attribute(original_size_attr, DECL_ATTRIBUTES(decl));

	return attr ? TREE_VALUE(attr) : NULL_TREE;
}

static bool protectable(varpool_node *vnode)
{
	tree decl = vnode->decl;

	if (vnode->alias || DECL_EXTERNAL(decl) || DECL_THREAD_LOCAL_P(decl) ||
	    DECL_HARD_REGISTER(decl) || DECL_ONE_ONLY(decl) ||
	    DECL_IN_CONSTANT_POOL(decl) || DECL_ARTIFICIAL(decl))
		return false;
	if (DECL_COMMON(decl) && TREE_PUBLIC(decl))
		return false;
	if (DECL_SECTION_NAME(decl) && !vnode->implicit_section)
		return false;
	if (!DECL_SIZE_UNIT(decl) || TREE_CODE(DECL_SIZE_UNIT(decl)) != INTEGER_CST ||
	    integer_zerop(DECL_SIZE_UNIT(decl)) ||
	    !tree_fits_uhwi_p(DECL_SIZE_UNIT(decl)))
		return false;
	if (DECL_ALIGN_UNIT(decl) > 2 * REDZONE_GRANULE)
		return false;
	if (lookup_attribute("weakref", DECL_ATTRIBUTES(decl)))
		return false;
	return !kasan_global_original_size(decl);
}

static void add_redzone(tree decl)
{
	unsigned HOST_WIDE_INT size = tree_to_uhwi(DECL_SIZE_UNIT(decl));
	unsigned HOST_WIDE_INT total = size + redzone_size(size);

	DECL_ATTRIBUTES(decl) = tree_cons(get_identifier(original_size_attr),
					  DECL_SIZE_UNIT(decl),
					  DECL_ATTRIBUTES(decl));
	DECL_SIZE_UNIT(decl) = size_int(total);
	DECL_SIZE(decl) = bitsize_int(total * BITS_PER_UNIT);
	if (DECL_ALIGN_UNIT(decl) < REDZONE_GRANULE) {
		SET_DECL_ALIGN(decl, REDZONE_GRANULE * BITS_PER_UNIT);
		DECL_USER_ALIGN(decl) = 1;
	}
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

static void describe(vec<constructor_elt, va_gc> **elts, tree decl,
		     tree module_name)
{
	tree uintptr = pointer_sized_int_node;
	const char *name = IDENTIFIER_POINTER(DECL_NAME(decl));

	unsigned HOST_WIDE_INT size = tree_to_uhwi(DECL_SIZE_UNIT(decl));

	push_field(elts, build_fold_addr_expr(decl));
	push_field(elts, size_int(size));
	push_field(elts, size_int(size + redzone_size(size)));
	push_field(elts, string_address(name));
	push_field(elts, module_name);
	push_field(elts, build_int_cst(uintptr, 0));	/* has_dynamic_init */
	push_field(elts, build_int_cst(uintptr, 0));	/* location */
	push_field(elts, build_int_cst(uintptr, 0));	/* odr_indicator */
}

/* Chosen globals and their descriptors, until the globals grow. */
static tree pending_globals;	/* TREE_LIST of decls */
static tree pending_descriptors;

static const struct ggc_root_tab globals_ggc_roots[] = {
	{ &pending_globals, 1, sizeof(pending_globals),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &pending_descriptors, 1, sizeof(pending_descriptors),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	LAST_GGC_ROOT_TAB
};

void kasan_register_globals_roots(const char *plugin_name)
{
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)globals_ggc_roots);
}

/*
 * The array is complete now: its references keep the globals it names
 * alive through the removal of unreachable variables that follows.
 */
static tree build_descriptors(tree globals, unsigned int count)
{
	tree type = build_array_type_nelts(pointer_sized_int_node,
					   count * KASAN_GLOBAL_FIELDS);
	tree var = build_decl(BUILTINS_LOCATION, VAR_DECL,
			      create_tmp_var_name("__kasan_globals"), type);
	tree module_name = string_address(main_input_filename);
	vec<constructor_elt, va_gc> *elts = NULL;

	for (; globals; globals = TREE_CHAIN(globals))
		describe(&elts, TREE_VALUE(globals), module_name);
	DECL_INITIAL(var) = build_constructor(type, elts);

	TREE_STATIC(var) = 1;
	TREE_PUBLIC(var) = 0;
	TREE_ADDRESSABLE(var) = 1;
	DECL_ARTIFICIAL(var) = 1;
	DECL_IGNORED_P(var) = 1;
	varpool_node::finalize_decl(var);
	varpool_node::get(var)->force_output = 1;
	return var;
}

static void build_cdtor(char which, const char *fn, tree descriptors,
			unsigned int count)
{
	tree decl = kasan_runtime_decl(fn, build_function_type_list(
		void_type_node, pointer_sized_int_node, pointer_sized_int_node,
		NULL_TREE), false);
	tree call = build_call_expr(decl, 2,
		fold_convert(pointer_sized_int_node,
			     build_fold_addr_expr(descriptors)),
		build_int_cst(pointer_sized_int_node, count));

	/* The kernel runs constructors of the default priority only. */
	cgraph_build_static_cdtor(which, call, DEFAULT_INIT_PRIORITY);
}

/* After the IPA passes: choose the globals, build the constructors. */
void kasan_protect_globals(void *event_data ATTRIBUTE_UNUSED,
			   void *user_data ATTRIBUTE_UNUSED)
{
	unsigned int count = 0;
	varpool_node *vnode;

	if (!kasan_opts.globals || kasan_opts.disabled || seen_error())
		return;
	FOR_EACH_DEFINED_VARIABLE(vnode) {
		if (!protectable(vnode))
			continue;
		pending_globals = tree_cons(NULL_TREE, vnode->decl,
					    pending_globals);
		count++;
	}
	if (!count)
		return;
	pending_globals = nreverse(pending_globals);
	pending_descriptors = build_descriptors(pending_globals, count);
	build_cdtor('I', "__asan_register_globals", pending_descriptors, count);
	build_cdtor('D', "__asan_unregister_globals", pending_descriptors,
		    count);
}

static bool functions_left_to_expand(void)
{
	cgraph_node *node;

	FOR_EACH_DEFINED_FUNCTION(node)
		if (node->process)
			return true;
	return false;
}

/* After a function's passes: if it was the last one, grow the globals. */
void kasan_grow_globals(void *event_data ATTRIBUTE_UNUSED,
			void *user_data ATTRIBUTE_UNUSED)
{
	tree list;

	if (!pending_descriptors || functions_left_to_expand())
		return;
	for (list = pending_globals; list; list = TREE_CHAIN(list))
		add_redzone(TREE_VALUE(list));
	pending_globals = NULL_TREE;
	pending_descriptors = NULL_TREE;
}

/* Had no function been expanded after the choice, sizes would not match. */
void kasan_check_globals_grown(void *event_data ATTRIBUTE_UNUSED,
			       void *user_data ATTRIBUTE_UNUSED)
{
	if (pending_descriptors && !seen_error())
		error("kasan: global redzones were chosen but never added");
}
