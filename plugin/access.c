// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Finding the memory accesses of a GIMPLE statement, the way GCC's native
 * kernel-address pass does, plus the reference kinds that only exist late
 * in the pipeline where our pass runs (TARGET_MEM_REF after ivopts, the
 * atomic internal functions of the late builtin folding).
 *
 * Each access becomes a struct kasan_check: its address, its length, its
 * alignment, and whether it can use a sized entry point (__asan_load4) or
 * needs the N variant (__asan_loadN).  Nothing is inserted here.
 */
#include "kasan.h"

static bool reference_kind_checked(tree ref)
{
	switch (TREE_CODE(ref)) {
	case ARRAY_REF:
	case COMPONENT_REF:
	case INDIRECT_REF:
	case MEM_REF:
	case TARGET_MEM_REF:
	case VAR_DECL:
	case BIT_FIELD_REF:
	/* Missed by GCC's pass: __real__ *p and friends. */
	case REALPART_EXPR:
	case IMAGPART_EXPR:
	case VIEW_CONVERT_EXPR:
		return true;
	default:
		return false;
	}
}

/* GCC's rule: power-of-two sizes up to 16 with natural alignment; 16-byte
 * accesses need only 8-byte alignment on targets without strict alignment. */
bool kasan_scalar_access(HOST_WIDE_INT size, unsigned int align)
{
	if (size != 1 && size != 2 && size != 4 && size != 8 && size != 16)
		return false;
	if (align >= size * BITS_PER_UNIT)
		return true;
	return size == 16 && !STRICT_ALIGNMENT && align >= 64;
}

/*
 * Sections whose objects are not always there to be read at their link
 * address: data the kernel frees once booted (its init and exit data,
 * memory-hotplug data when it has no hotplug), data its linker script
 * discards, and per-CPU templates.
 */
static bool in_transient_section(tree decl)
{
	static const char *const prefixes[] = {
		".init", ".exit", ".meminit", ".memexit", ".data..percpu",
		".discard",
	};
	const char *name = DECL_SECTION_NAME(decl);
	unsigned int i;

	if (!name)
		return false;
	for (i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (startswith(name, prefixes[i]))
			return true;
	return false;
}

/*
 * A global defined in another unit, read or written at a constant position
 * inside its declared type.  GCC's pass checks these because a C++ global
 * may be initialised dynamically, its shadow poisoned until its
 * constructor has run (asan.cc, instrument_derefs); C has no such thing,
 * so the object is there, unpoisoned, whenever the access can run.  Still
 * checked: a weak declaration (the object may not exist) and, where the
 * declaration says so, data in a transient section.
 */
static bool external_always_valid(tree decl)
{
	return !lang_GNU_CXX() && !DECL_WEAK(decl) &&
	       !in_transient_section(decl);
}

/*
 * Accesses that are always valid: a constant position inside a local of
 * this function, a global defined here (or any global when globals are
 * not protected), a global of another unit in C, and TLS.  GCC's pass has
 * the same rule but for the other unit's globals.  An out-of-bounds or
 * variable position is checked.
 */
static bool statically_valid(tree inner, tree offset, poly_int64 bitpos,
			     poly_int64 bitsize)
{
	poly_int64 decl_size;
	tree size;

	if (TREE_CODE(inner) == STRING_CST)
		return !offset && known_subrange_p(bitpos, bitsize, 0,
				TREE_STRING_LENGTH(inner) * BITS_PER_UNIT);
	if (!VAR_P(inner) && TREE_CODE(inner) != RESULT_DECL)
		return false;
	/* A redzone we added is not part of the variable. */
	size = VAR_P(inner) ? kasan_global_original_size(inner) : NULL_TREE;
	size = size ? size_binop(MULT_EXPR, size, size_int(BITS_PER_UNIT))
		    : DECL_SIZE(inner);
	if (offset || !size || !poly_int_tree_p(size, &decl_size) ||
	    !known_subrange_p(bitpos, bitsize, 0, decl_size))
		return false;
	if (VAR_P(inner) && DECL_THREAD_LOCAL_P(inner))
		return true;
	if (!kasan_opts.globals && is_global_var(inner))
		return true;
	if (DECL_EXTERNAL(inner))
		return external_always_valid(inner);
	if (!TREE_STATIC(inner))
		return decl_function_context(inner) == current_function_decl;
	varpool_node *vnode = varpool_node::get(inner);
	return vnode && !vnode->dynamically_initialized;
}

static tree reference_address(tree ref)
{
	if (TREE_CODE(ref) == TARGET_MEM_REF)
		return tree_mem_ref_addr(build_pointer_type(TREE_TYPE(ref)),
					 ref);
	return build_fold_addr_expr(ref);
}

static kasan_check *push_check(vec<kasan_check> *checks, gimple *stmt,
			       tree addr, tree len, unsigned int align,
			       bool is_store, bool after)
{
	kasan_check check;

	check.stmt = stmt;
	check.origin = stmt;
	check.addr = addr;
	check.len = len;
	check.size = tree_fits_shwi_p(len) ? tree_to_shwi(len) : -1;
	check.align = align;
	check.loc = gimple_location(stmt);
	check.is_store = is_store;
	check.is_scalar = check.size > 0 && kasan_scalar_access(check.size, align);
	check.after = after;
	check.always_call = false;
	check.covered_by = -1;
	check.hoisted = KASAN_HOIST_NONE;
	return checks->safe_push(check);
}

/*
 * A BIT_FIELD_REF has no address: check the bytes it covers within its
 * object (GCC skips the ones that do not start on a byte boundary).
 */
static kasan_check *add_bit_field_ref_check(vec<kasan_check> *checks,
					    gimple *stmt, tree ref,
					    poly_int64 bitpos, bool is_store)
{
	tree object = TREE_OPERAND(ref, 0), addr;
	HOST_WIDE_INT bits, pos, first, last;
	unsigned int align;

	if (!tree_fits_shwi_p(TREE_OPERAND(ref, 1)) ||
	    !tree_fits_shwi_p(TREE_OPERAND(ref, 2)) ||
	    !reference_kind_checked(object))
		return NULL;
	bits = tree_to_shwi(TREE_OPERAND(ref, 1));
	pos = tree_to_shwi(TREE_OPERAND(ref, 2));
	first = pos / BITS_PER_UNIT;
	last = (pos + bits - 1) / BITS_PER_UNIT;
	addr = fold_build_pointer_plus_hwi(
		reference_address(unshare_expr(object)), first);
	align = multiple_p(bitpos, BITS_PER_UNIT) ? get_object_alignment(ref)
						  : BITS_PER_UNIT;
	return push_check(checks, stmt, addr, size_int(last - first + 1), align,
			  is_store, false);
}

void kasan_add_ref_check(vec<kasan_check> *checks, gimple *stmt, tree ref,
			 bool is_store)
{
	poly_int64 bitsize, bitpos;
	HOST_WIDE_INT size;
	machine_mode mode;
	int unsignedp, reversep, volatilep = 0;
	location_t ref_loc = EXPR_LOCATION(ref);
	kasan_check *check;
	tree inner, offset;

	if (is_store ? !kasan_opts.writes : !kasan_opts.reads)
		return;
	if (!reference_kind_checked(ref))
		return;

	/* A bitfield is accessed through its representative unit. */
	if (TREE_CODE(ref) == COMPONENT_REF &&
	    DECL_BIT_FIELD_REPRESENTATIVE(TREE_OPERAND(ref, 1))) {
		tree repr = DECL_BIT_FIELD_REPRESENTATIVE(TREE_OPERAND(ref, 1));

		ref = build3(COMPONENT_REF, TREE_TYPE(repr),
			     TREE_OPERAND(ref, 0), repr, TREE_OPERAND(ref, 2));
	}

	size = int_size_in_bytes(TREE_TYPE(ref));
	if (size <= 0)
		return;

	inner = get_inner_reference(ref, &bitsize, &bitpos, &offset, &mode,
				    &unsignedp, &reversep, &volatilep);
	if (VAR_P(inner) && DECL_HARD_REGISTER(inner))
		return;
	if (statically_valid(inner, offset, bitpos, bitsize))
		return;

	if (TREE_CODE(ref) == BIT_FIELD_REF) {
		check = add_bit_field_ref_check(checks, stmt, ref, bitpos,
						is_store);
	} else if (!multiple_p(bitpos, BITS_PER_UNIT) ||
		   maybe_ne(bitsize, size * BITS_PER_UNIT)) {
		return;		/* no address of its own */
	} else {
		check = push_check(checks, stmt,
				   reference_address(unshare_expr(ref)),
				   size_int(size), get_object_alignment(ref),
				   is_store, false);
	}
	/* Merged or sunk stores keep a location only on their reference. */
	if (check && check->loc == UNKNOWN_LOCATION)
		check->loc = ref_loc;
}

/*
 * The ranges of memcpy() and friends are checked by a call even in inline
 * mode: the kernel copies to addresses without shadow (text_poke() into
 * a temporary user-space mapping, under kasan_disable_current()), which
 * the runtime's range check tolerates and an inline shadow load does not.
 * The call costs little next to the copy.
 */
void kasan_add_range_check(vec<kasan_check> *checks, gimple *stmt, tree ptr,
			   tree len, bool is_store, bool after)
{
	if (is_store ? !kasan_opts.writes : !kasan_opts.reads)
		return;
	if (integer_zerop(len))
		return;
	push_check(checks, stmt, ptr, len, BITS_PER_UNIT, is_store,
		   after)->always_call = true;
}

/* *ptr as an unsigned integer of SIZE bytes, for the atomic builtins. */
static tree atomic_object(tree ptr, HOST_WIDE_INT size)
{
	tree type = build_nonstandard_integer_type(size * BITS_PER_UNIT, 1);

	return build2(MEM_REF, type, ptr,
		      build_int_cst(build_pointer_type(char_type_node), 0));
}

static void add_atomic_check(vec<kasan_check> *checks, gcall *call,
			     tree ptr, tree value_type, bool is_store)
{
	tree size = TYPE_SIZE_UNIT(value_type);

	if (size && tree_fits_shwi_p(size))
		kasan_add_ref_check(checks, call,
				    atomic_object(ptr, tree_to_shwi(size)),
				    is_store);
}

/* Atomics folded into internal functions after GCC's own pass would run. */
static void collect_internal_call_checks(vec<kasan_check> *checks,
					 gcall *call)
{
	switch (gimple_call_internal_fn(call)) {
	case IFN_ATOMIC_COMPARE_EXCHANGE: {
		/* The fourth argument is size | weak << 8. */
		tree flag = gimple_call_arg(call, 3);

		if (tree_fits_shwi_p(flag))
			kasan_add_ref_check(checks, call,
				atomic_object(gimple_call_arg(call, 0),
					      tree_to_shwi(flag) & 255),
				true);
		break;
	}
	case IFN_ATOMIC_BIT_TEST_AND_SET:
	case IFN_ATOMIC_BIT_TEST_AND_COMPLEMENT:
	case IFN_ATOMIC_BIT_TEST_AND_RESET:
		add_atomic_check(checks, call, gimple_call_arg(call, 0),
				 TREE_TYPE(gimple_call_arg(call, 2)), true);
		break;
#if KASAN_HAVE_IFN_ATOMIC_OP_FETCH_CMP_0
	case IFN_ATOMIC_ADD_FETCH_CMP_0:
	case IFN_ATOMIC_SUB_FETCH_CMP_0:
	case IFN_ATOMIC_AND_FETCH_CMP_0:
	case IFN_ATOMIC_OR_FETCH_CMP_0:
	case IFN_ATOMIC_XOR_FETCH_CMP_0:
		add_atomic_check(checks, call, gimple_call_arg(call, 1),
				 TREE_TYPE(gimple_call_arg(call, 0)), true);
		break;
#endif
	default:
		/*
		 * Masked and gather vector accesses read only some lanes:
		 * checking the whole vector would report valid code.
		 */
		break;
	}
}

/*
 * The __sync_* and __atomic_* builtins of one operation come in five
 * consecutive codes for sizes 1, 2, 4, 8 and 16, after the generic one.
 */
static const enum built_in_function atomic_families[] = {
	BUILT_IN_SYNC_FETCH_AND_ADD_N, BUILT_IN_SYNC_FETCH_AND_SUB_N,
	BUILT_IN_SYNC_FETCH_AND_OR_N, BUILT_IN_SYNC_FETCH_AND_AND_N,
	BUILT_IN_SYNC_FETCH_AND_XOR_N, BUILT_IN_SYNC_FETCH_AND_NAND_N,
	BUILT_IN_SYNC_ADD_AND_FETCH_N, BUILT_IN_SYNC_SUB_AND_FETCH_N,
	BUILT_IN_SYNC_OR_AND_FETCH_N, BUILT_IN_SYNC_AND_AND_FETCH_N,
	BUILT_IN_SYNC_XOR_AND_FETCH_N, BUILT_IN_SYNC_NAND_AND_FETCH_N,
	BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_N,
	BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_N,
	BUILT_IN_SYNC_LOCK_TEST_AND_SET_N, BUILT_IN_SYNC_LOCK_RELEASE_N,
	BUILT_IN_ATOMIC_EXCHANGE_N, BUILT_IN_ATOMIC_COMPARE_EXCHANGE_N,
	BUILT_IN_ATOMIC_LOAD_N, BUILT_IN_ATOMIC_STORE_N,
	BUILT_IN_ATOMIC_ADD_FETCH_N, BUILT_IN_ATOMIC_SUB_FETCH_N,
	BUILT_IN_ATOMIC_AND_FETCH_N, BUILT_IN_ATOMIC_NAND_FETCH_N,
	BUILT_IN_ATOMIC_XOR_FETCH_N, BUILT_IN_ATOMIC_OR_FETCH_N,
	BUILT_IN_ATOMIC_FETCH_ADD_N, BUILT_IN_ATOMIC_FETCH_SUB_N,
	BUILT_IN_ATOMIC_FETCH_AND_N, BUILT_IN_ATOMIC_FETCH_NAND_N,
	BUILT_IN_ATOMIC_FETCH_XOR_N, BUILT_IN_ATOMIC_FETCH_OR_N,
};

/* Returns the access size of an atomic builtin, or 0. */
static HOST_WIDE_INT atomic_builtin_size(enum built_in_function code,
					 bool *is_store)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(atomic_families); i++) {
		int step = (int)code - (int)atomic_families[i];

		if (step >= 1 && step <= 5) {
			*is_store = atomic_families[i] != BUILT_IN_ATOMIC_LOAD_N;
			return (HOST_WIDE_INT)1 << (step - 1);
		}
	}
	return 0;
}

static void collect_call_checks(vec<kasan_check> *checks, gcall *call)
{
	unsigned int i;

	if (gimple_call_internal_p(call)) {
		collect_internal_call_checks(checks, call);
		if (gimple_store_p(call))
			kasan_add_ref_check(checks, call, gimple_call_lhs(call),
					    true);
		return;
	}
	if (gimple_call_builtin_p(call, BUILT_IN_NORMAL)) {
		enum built_in_function code =
			DECL_FUNCTION_CODE(gimple_call_fndecl(call));
		bool is_store;
		HOST_WIDE_INT size = atomic_builtin_size(code, &is_store);

		if (size) {
			kasan_add_ref_check(checks, call,
				atomic_object(gimple_call_arg(call, 0), size),
				is_store);
			return;
		}
		if (kasan_collect_builtin_checks(checks, call))
			return;
	}

	/* The result returned in memory, then arguments passed in memory. */
	if (gimple_store_p(call))
		kasan_add_ref_check(checks, call, gimple_call_lhs(call), true);
	for (i = 0; i < gimple_call_num_args(call); i++) {
		tree arg = gimple_call_arg(call, i);

		if (!is_gimple_reg(arg) && !is_gimple_min_invariant(arg))
			kasan_add_ref_check(checks, call, arg, false);
	}
}

/*
 * gimple_assign_load_p(), and reads of string literals: after constant
 * propagation a loop over "abc" reads MEM["abc" + i], which is memory too.
 */
static bool loads_memory(gimple *stmt)
{
	tree rhs = gimple_assign_rhs1(stmt), base;

	if (gimple_assign_load_p(stmt))
		return true;
	if (!reference_kind_checked(rhs))
		return false;
	base = get_base_address(rhs);
	return base && TREE_CODE(base) == STRING_CST;
}

void kasan_collect_stmt_checks(vec<kasan_check> *checks, gimple *stmt)
{
	if (gimple_assign_single_p(stmt) && !gimple_clobber_p(stmt)) {
		/* An aggregate copy: the store is checked first, as in GCC. */
		if (gimple_store_p(stmt))
			kasan_add_ref_check(checks, stmt,
					    gimple_assign_lhs(stmt), true);
		if (loads_memory(stmt))
			kasan_add_ref_check(checks, stmt,
					    gimple_assign_rhs1(stmt), false);
		return;
	}
	if (gcall *call = dyn_cast<gcall *>(stmt))
		collect_call_checks(checks, call);
}
