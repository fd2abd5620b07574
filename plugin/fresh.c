// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Accesses inside a fresh allocation: is every byte a check covers, for
 * every value its address can take, inside an object this function got
 * from an allocator, at a known offset from the object's start?
 *
 * The object is the result of a call whose type has the alloc_size
 * attribute (malloc, calloc and realloc as GCC declares them; kmalloc(),
 * kmalloc_trace(), krealloc(), kvmalloc(), vmalloc() and friends through
 * the kernel's __alloc_size), alloca excepted: its memory is the stack
 * frame's, which stack.c and alloca.c manage.  Its size is the product of
 * the attribute's arguments, each the least value its definition allows.
 *
 * The address is followed from the check back to the call's result through
 * pointer additions, conversions and the forms ivopts leaves
 * (TARGET_MEM_REF, MEM_REF with a constant offset); each integer added is
 * bounded by its definition: masks, shifts, remainders, products and sums
 * of bounded values, conversions that keep the value, else its type.
 * "prev[cand & 0x7fff]" of a 32768-int object is inside it whatever cand
 * is.  Not by the ranges GCC's value-range passes record: those may rest
 * on undefined behaviour GCC assumes away (a signed overflow, an index
 * past a declared array's end that bounds a loop), and the overflow that
 * follows from it is what the check is there to report.
 *
 * This file only answers the question; eliminate.c decides what follows
 * (the object must also still be live at the check).
 */
#include "kasan.h"

/* Definitions followed from one check back to the allocation. */
#define FRESH_DEPTH 8

/* The values an integer can take: lo <= value <= hi. */
struct span {
	offset_int lo, hi;
};

static struct span type_span(tree type)
{
	struct span s;
	unsigned int prec = TYPE_PRECISION(type);

	if (TYPE_UNSIGNED(type)) {
		s.lo = 0;
		s.hi = wi::mask<offset_int>(prec, false);
	} else {
		s.lo = -wi::lshift(offset_int(1), prec - 1);
		s.hi = wi::lshift(offset_int(1), prec - 1) - 1;
	}
	return s;
}

static struct span intersect(struct span a, struct span b)
{
	a.lo = wi::smax(a.lo, b.lo);
	a.hi = wi::smin(a.hi, b.hi);
	return a;
}

/*
 * S as a value of TYPE: as it is when every value fits; moved by 2^prec
 * when all of them wrapped the same way in an unsigned type ("x - 8" is
 * "x + 2^64 - 8" in sizetype); otherwise any value of the type.
 */
static struct span in_type(struct span s, tree type)
{
	struct span t = type_span(type);
	offset_int wrap;

	if (wi::les_p(t.lo, s.lo) && wi::les_p(s.hi, t.hi))
		return s;
	if (!TYPE_UNSIGNED(type) || TYPE_PRECISION(type) >= 120)
		return t;
	wrap = wi::lshift(offset_int(1), TYPE_PRECISION(type));
	if (wi::les_p(wrap, s.lo) && wi::lts_p(s.hi, wrap * 2))
		return { s.lo - wrap, s.hi - wrap };
	if (wi::les_p(-wrap, s.lo) && wi::lts_p(s.hi, 0))
		return { s.lo + wrap, s.hi + wrap };
	return t;
}

static bool span_of(tree expr, struct span *s, int depth);

static struct span span_or_type(tree expr, int depth)
{
	struct span s;

	if (!span_of(expr, &s, depth))
		return type_span(TREE_TYPE(expr));
	return s;
}

static bool constant_operand(tree op, offset_int *value)
{
	if (TREE_CODE(op) != INTEGER_CST)
		return false;
	*value = wi::to_offset(op);
	return true;
}

/* The values of OP0 CODE OP1 in TYPE, from the operands' values. */
static struct span operation_span(enum tree_code code, tree type, tree op0,
				  tree op1, int depth)
{
	struct span a, b, r = type_span(type);
	offset_int c;

	switch (code) {
	CASE_CONVERT:
		return in_type(span_or_type(op0, depth), type);
	case PLUS_EXPR:
	case MINUS_EXPR:
	case MIN_EXPR:
	case MAX_EXPR:
		a = span_or_type(op0, depth);
		b = span_or_type(op1, depth);
		break;
	case MULT_EXPR:
	case LSHIFT_EXPR:
	case RSHIFT_EXPR:
	case BIT_AND_EXPR:
	case TRUNC_MOD_EXPR:
		if (!constant_operand(op1, &c))
			return r;
		a = span_or_type(op0, depth);
		break;
	default:
		return r;
	}
	switch (code) {
	case PLUS_EXPR:
		return in_type({ a.lo + b.lo, a.hi + b.hi }, type);
	case MINUS_EXPR:
		return in_type({ a.lo - b.hi, a.hi - b.lo }, type);
	case MIN_EXPR:
		return { wi::smin(a.lo, b.lo), wi::smin(a.hi, b.hi) };
	case MAX_EXPR:
		return { wi::smax(a.lo, b.lo), wi::smax(a.hi, b.hi) };
	case MULT_EXPR:
		if (wi::neg_p(c))
			return in_type({ a.hi * c, a.lo * c }, type);
		return in_type({ a.lo * c, a.hi * c }, type);
	case LSHIFT_EXPR:
		if (wi::neg_p(c) || wi::ges_p(c, TYPE_PRECISION(type)))
			return r;
		return in_type({ wi::lshift(a.lo, c), wi::lshift(a.hi, c) },
			       type);
	case RSHIFT_EXPR:
		if (wi::neg_p(c) || wi::neg_p(a.lo) ||
		    wi::ges_p(c, TYPE_PRECISION(type)))
			return r;
		return { wi::arshift(a.lo, c), wi::arshift(a.hi, c) };
	case BIT_AND_EXPR:
		if (wi::neg_p(c))
			return r;
		return { 0, wi::neg_p(a.lo) ? c : wi::smin(c, a.hi) };
	default: /* TRUNC_MOD_EXPR */
		if (!wi::gts_p(c, 0))
			return r;
		if (wi::neg_p(a.lo))
			return { 1 - c, c - 1 };
		return { 0, wi::smin(a.hi, c - 1) };
	}
}

/*
 * The values integer EXPR can take, by its definition.  False when it is
 * not an integer or the walk has gone too deep: then its type's range is
 * all that is known.
 */
static bool span_of(tree expr, struct span *s, int depth)
{
	tree type = TREE_TYPE(expr);

	if (!INTEGRAL_TYPE_P(type) && !POINTER_TYPE_P(type))
		return false;
	if (TREE_CODE(expr) == INTEGER_CST) {
		s->lo = s->hi = wi::to_offset(expr);
		return true;
	}
	if (depth <= 0)
		return false;
	*s = type_span(type);
	if (TREE_CODE(expr) == SSA_NAME) {
		gimple *def = SSA_NAME_DEF_STMT(expr);

		if (is_gimple_assign(def))
			*s = intersect(*s, operation_span(
				gimple_assign_rhs_code(def), type,
				gimple_assign_rhs1(def),
				gimple_assign_rhs2(def), depth - 1));
	} else if (BINARY_CLASS_P(expr) || CONVERT_EXPR_P(expr)) {
		*s = operation_span(TREE_CODE(expr), type,
				    TREE_OPERAND(expr, 0),
				    BINARY_CLASS_P(expr) ?
				    TREE_OPERAND(expr, 1) : NULL_TREE,
				    depth - 1);
	}
	return true;
}

/* A constant of pointer type added to an address, as a signed value. */
static offset_int signed_offset(tree cst)
{
	return wi::sext(wi::to_offset(cst), TYPE_PRECISION(TREE_TYPE(cst)));
}

/*
 * What a pointer adds to its base: a constant and integer terms, whose
 * values are only worked out once the base is known to be an allocation.
 */
struct addends {
	offset_int constant;
	auto_vec<tree, 8> terms;
};

static tree pointer_base(tree addr, struct addends *add, int depth);

/* The base of &REF; its offsets go to ADD. */
static tree reference_base(tree ref, struct addends *add, int depth)
{
	poly_int64 bitsize, bitpos;
	tree var_off = NULL_TREE, inner;
	machine_mode mode;
	int unsignedp, reversep, volatilep = 0;

	inner = get_inner_reference(ref, &bitsize, &bitpos, &var_off, &mode,
				    &unsignedp, &reversep, &volatilep);
	if (TREE_CODE(inner) != MEM_REF || !bitpos.is_constant() ||
	    bitpos.to_constant() % BITS_PER_UNIT)
		return NULL_TREE;
	add->constant += signed_offset(TREE_OPERAND(inner, 1)) +
			 bitpos.to_constant() / BITS_PER_UNIT;
	if (var_off)
		add->terms.safe_push(var_off);
	return pointer_base(TREE_OPERAND(inner, 0), add, depth - 1);
}

/*
 * Follows pointer ADDR back to the SSA name it is an offset from, the
 * offsets going to ADD.  NULL_TREE when it comes from elsewhere.
 */
static tree pointer_base(tree addr, struct addends *add, int depth)
{
	for (; depth > 0; depth--) {
		if (CONVERT_EXPR_P(addr) &&
		    POINTER_TYPE_P(TREE_TYPE(TREE_OPERAND(addr, 0)))) {
			addr = TREE_OPERAND(addr, 0);
		} else if (TREE_CODE(addr) == POINTER_PLUS_EXPR) {
			add->terms.safe_push(TREE_OPERAND(addr, 1));
			addr = TREE_OPERAND(addr, 0);
		} else if (TREE_CODE(addr) == ADDR_EXPR) {
			return reference_base(TREE_OPERAND(addr, 0), add, depth);
		} else if (TREE_CODE(addr) == SSA_NAME) {
			gimple *def = SSA_NAME_DEF_STMT(addr);
			enum tree_code code;

			if (!is_gimple_assign(def))
				return addr;
			code = gimple_assign_rhs_code(def);
			if (code == POINTER_PLUS_EXPR) {
				add->terms.safe_push(gimple_assign_rhs2(def));
			} else if (!gimple_assign_ssa_name_copy_p(def) &&
				   !(CONVERT_EXPR_CODE_P(code) &&
				     POINTER_TYPE_P(TREE_TYPE(
					gimple_assign_rhs1(def)))) &&
				   code != ADDR_EXPR) {
				return addr;
			}
			addr = gimple_assign_rhs1(def);
		} else {
			return NULL_TREE;
		}
	}
	return NULL_TREE;
}

/* The values the sum of ADD can take. */
static struct span addends_span(const struct addends *add)
{
	struct span sum = { add->constant, add->constant }, v;
	unsigned int i;
	tree term;

	FOR_EACH_VEC_ELT(add->terms, i, term) {
		v = span_or_type(term, FRESH_DEPTH);
		sum.lo += v.lo;
		sum.hi += v.hi;
	}
	return sum;
}

/* The least size CALL's result has, by its alloc_size attribute. */
static bool allocated_size(gcall *call, offset_int *size)
{
	tree fntype = gimple_call_fntype(call), attr, pos;

	if (!fntype || gimple_maybe_alloca_call_p(call))
		return false;
	attr = lookup_attribute("alloc_size", TYPE_ATTRIBUTES(fntype));
	if (!attr || !TREE_VALUE(attr))
		return false;
	*size = 1;
	for (pos = TREE_VALUE(attr); pos; pos = TREE_CHAIN(pos)) {
		unsigned HOST_WIDE_INT i;
		struct span s;

		if (!tree_fits_uhwi_p(TREE_VALUE(pos)))
			return false;
		i = tree_to_uhwi(TREE_VALUE(pos));
		if (i < 1 || i > gimple_call_num_args(call) ||
		    !span_of(gimple_call_arg(call, i - 1), &s, FRESH_DEPTH) ||
		    wi::neg_p(s.lo))
			return false;
		*size *= s.lo;
	}
	return true;
}

gcall *kasan_fresh_allocation(const kasan_check *check)
{
	struct addends add;
	struct span off;
	offset_int size;
	tree base;
	gcall *call;

	if (check->size <= 0)
		return NULL;
	add.constant = 0;
	base = pointer_base(check->addr, &add, FRESH_DEPTH);
	if (!base || TREE_CODE(base) != SSA_NAME)
		return NULL;
	call = dyn_cast<gcall *>(SSA_NAME_DEF_STMT(base));
	if (!call || gimple_call_lhs(call) != base ||
	    !allocated_size(call, &size))
		return NULL;
	off = addends_span(&add);
	if (wi::neg_p(off.lo) || wi::gts_p(off.hi + check->size, size))
		return NULL;
	return call;
}
