// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's explicit checks: calls of __kasan_check_read() and
 * __kasan_check_write() (include/linux/kasan-checks.h), which
 * include/linux/instrumented.h makes before every atomic operation and
 * bitop written in assembly, where no compiler sees the access.  In
 * bench/kernel's workload they were ten million calls into the runtime's
 * range check, most of what the checks' out-of-line code cost.
 *
 * A call with a constant size of 1, 2, 4 or 8 bytes whose result is not
 * used checks exactly what an access of that size at that address would:
 * the runtime reports a bad byte in the range with the caller's address,
 * the size and the direction, which is what our check of the access
 * reports.  So it becomes our check of that access (inline or outline,
 * as the function's other checks), and the call goes.  Its alignment is
 * what GCC knows of the pointer, or its pointed-to type's when it has
 * one (the void * of the declaration is a conversion GIMPLE drops): the
 * callers check the access they make next through that pointer, such as
 * atomic_read(v) through an atomic_t *, which C requires to be aligned
 * for its type.  A check of an access not known to be aligned looks at
 * its first and its last byte, which for eight bytes or fewer is every
 * granule it touches.  Other sizes (16, where a middle granule
 * would go unchecked, and non-constant ones) keep the call.  Only in
 * instrumented functions (instrument.c); a no_sanitize_address function
 * keeps its calls, which then check at run time as before.
 * keep-explicit-checks turns this off.
 *
 * For elimination (eliminate.c) such a call is not a freeing event: it
 * only reads shadow.
 */
#include "kasan.h"

/* 1 for __kasan_check_read, 2 for __kasan_check_write, else 0. */
static int explicit_kind(const gcall *call)
{
	tree fndecl = gimple_call_fndecl(call);
	const char *name;

	if (!fndecl || !DECL_NAME(fndecl) || gimple_call_num_args(call) != 2)
		return 0;
	name = IDENTIFIER_POINTER(DECL_NAME(fndecl));
	if (!strcmp(name, "__kasan_check_read"))
		return 1;
	if (!strcmp(name, "__kasan_check_write"))
		return 2;
	return 0;
}

bool kasan_is_explicit_check(const gcall *call)
{
	return explicit_kind(call) != 0;
}

/* The alignment of ptr's pointed-to type, or of a byte for void. */
static unsigned int pointee_align(tree ptr)
{
	tree type = TREE_TYPE(TREE_TYPE(ptr));

	if (VOID_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return BITS_PER_UNIT;
	return TYPE_ALIGN(type);
}

/*
 * If call is an explicit check that a check of ours can replace, add that
 * check (before the call) and return true: the caller removes the call
 * once the checks are emitted (kasan_remove_explicit_check()).
 */
bool kasan_take_explicit_check(vec<kasan_check> *checks, gcall *call)
{
	int kind = explicit_kind(call);
	tree ptr, size, type, ref;
	unsigned HOST_WIDE_INT bytes;
	unsigned int align, before;

	if (!kind || gimple_call_lhs(call))
		return false;
	ptr = gimple_call_arg(call, 0);
	size = gimple_call_arg(call, 1);
	if (!tree_fits_uhwi_p(size))
		return false;
	bytes = tree_to_uhwi(size);
	if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
		return false;
	type = build_nonstandard_integer_type(bytes * BITS_PER_UNIT, 1);
	align = MIN(MAX(get_pointer_alignment(ptr), pointee_align(ptr)),
		    TYPE_ALIGN(type));
	type = build_aligned_type(type, align);
	ref = build2(MEM_REF, type, ptr,
		     build_int_cst(build_pointer_type(char_type_node), 0));
	before = checks->length();
	kasan_add_ref_check(checks, call, ref, kind == 2);
	/* Not replaced when no check is made (no-reads, no-writes). */
	return checks->length() > before;
}

/* Remove an explicit check's call whose check is now emitted. */
void kasan_remove_explicit_check(gimple *call)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(call);

	unlink_stmt_vdef(call);
	gsi_remove(&gsi, true);
	release_defs(call);
}
