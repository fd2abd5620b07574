// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Removing checks that an earlier check makes redundant.
 *
 * A check C is dropped when a kept check D
 *   - dominates it (D runs on every path to C),
 *   - verified every byte C would verify: same base address, and C's
 *     constant range inside the range D really tests (all of it for
 *     sized checks and outline N checks; only the first and the last byte
 *     for inline N checks, which is all they look at), and
 *   - nothing between them can free memory: no call that is not known to
 *     be non-freeing, no volatile or memory-clobbering asm, and, with
 *     use-after-scope, no end of a local's scope (scope.c poisons it
 *     there), on any path from D to C.
 * This is GCC's rule (sanopt) with two improvements: addresses are
 * compared as base + constant offset, so &p->b is covered by a check of
 * *p that contains it, and a smaller dominating check never hides a larger
 * access.  Checks with a variable length are never removed.
 *
 * Then neighbours become one: two kept checks of the same kind (loads or
 * stores) and the same base in one block, no call, asm or scope's end
 * between them (stricter than the rule above, which trusts GCC's
 * knowledge of which calls cannot free: this one moves a check), the
 * second's bytes starting at or after the first's and touching or
 * overlapping them, become one check of their union at the first's place
 * when the union is itself a scalar check (2, 4, 8 or 16 bytes, aligned for the __asan_load<size>
 * entry points).  The second access runs whenever the first does, as
 * nothing ends a block in its middle, and the union is exactly the bytes
 * the two touch: a list_head's next and prev are one 16-byte check.  A bad
 * second access is reported with the union's address and size.
 */
#include "kasan.h"

/* Freeing events: a prefix count per statement uid, a total per block. */
struct events {
	unsigned int *before;	/* events earlier in the same block */
	bool *is_event;
	unsigned int *total;	/* by block index */
};

/* How many blocks one query may visit before we give up and keep C. */
#define PATH_WALK_LIMIT 512

static bool asm_clobbers_memory(gasm *stmt)
{
	unsigned int i;

	for (i = 0; i < gimple_asm_nclobbers(stmt); i++) {
		tree op = TREE_VALUE(gimple_asm_clobber_op(stmt, i));

		if (!strcmp(TREE_STRING_POINTER(op), "memory"))
			return true;
	}
	return false;
}

static bool may_free(gimple *stmt)
{
	if (kasan_scope_ends_here(stmt))
		return true;
	if (gcall *call = dyn_cast<gcall *>(stmt))
		return !nonfreeing_call_p(call) && !kasan_is_explicit_check(call);
	if (gasm *a = dyn_cast<gasm *>(stmt))
		return gimple_asm_volatile_p(a) || asm_clobbers_memory(a);
	return false;
}

static void find_events(struct events *ev)
{
	unsigned int nuids, nblocks;
	basic_block bb;

	renumber_gimple_stmt_uids(cfun);
	nuids = gimple_stmt_max_uid(cfun);
	nblocks = last_basic_block_for_fn(cfun);
	ev->before = XCNEWVEC(unsigned int, nuids + 1);
	ev->is_event = XCNEWVEC(bool, nuids + 1);
	ev->total = XCNEWVEC(unsigned int, nblocks);

	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator gsi;
		unsigned int count = 0;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			ev->before[gimple_uid(stmt)] = count;
			if (may_free(stmt)) {
				ev->is_event[gimple_uid(stmt)] = true;
				count++;
			}
		}
		ev->total[bb->index] = count;
	}
}

static void free_events(struct events *ev)
{
	XDELETEVEC(ev->before);
	XDELETEVEC(ev->is_event);
	XDELETEVEC(ev->total);
}

/* Events in the check's block that happen before the check runs. */
static unsigned int events_before_check(const struct events *ev,
					const kasan_check *check)
{
	unsigned int uid = gimple_uid(check->stmt);

	return ev->before[uid] + (check->after && ev->is_event[uid]);
}

/*
 * True if a path from block FROM (the dominator, left after its check)
 * to block TO (entered up to its check) may pass a freeing event in the
 * blocks in between, or in TO itself when TO can reach itself again.
 */
static bool freeing_path(const struct events *ev, basic_block from,
			 basic_block to)
{
	auto_vec<basic_block, 16> work;
	auto_bitmap visited;
	unsigned int budget = PATH_WALK_LIMIT;
	edge_iterator ei;
	edge e;

	FOR_EACH_EDGE(e, ei, to->preds)
		work.safe_push(e->src);
	while (!work.is_empty()) {
		basic_block bb = work.pop();

		if (bb == from || !bitmap_set_bit(visited, bb->index))
			continue;
		if (ev->total[bb->index] || !--budget)
			return true;
		FOR_EACH_EDGE(e, ei, bb->preds)
			work.safe_push(e->src);
	}
	return false;
}

static bool freeing_between(const struct events *ev, const kasan_check *d,
			    const kasan_check *c)
{
	basic_block from = gimple_bb(d->stmt), to = gimple_bb(c->stmt);

	if (from == to)
		return events_before_check(ev, c) != events_before_check(ev, d);
	return ev->total[from->index] != events_before_check(ev, d) ||
	       events_before_check(ev, c) != 0 ||
	       freeing_path(ev, from, to);
}

/* Splits ADDR into a base and a constant byte offset. */
static tree split_address(tree addr, HOST_WIDE_INT *offset)
{
	int depth;

	*offset = 0;
	for (depth = 0; depth < 16; depth++) {
		STRIP_NOPS(addr);
		if (TREE_CODE(addr) == POINTER_PLUS_EXPR &&
		    tree_fits_shwi_p(TREE_OPERAND(addr, 1))) {
			*offset += tree_to_shwi(TREE_OPERAND(addr, 1));
			addr = TREE_OPERAND(addr, 0);
			continue;
		}
		if (TREE_CODE(addr) == ADDR_EXPR) {
			poly_int64 off;
			tree base = get_addr_base_and_unit_offset(
				TREE_OPERAND(addr, 0), &off);

			if (!base || !off.is_constant())
				return addr;
			*offset += off.to_constant();
			if (TREE_CODE(base) != MEM_REF)
				return build_fold_addr_expr(base);
			if (!tree_fits_shwi_p(TREE_OPERAND(base, 1)))
				return addr;
			*offset += tree_to_shwi(TREE_OPERAND(base, 1));
			addr = TREE_OPERAND(base, 0);
			continue;
		}
		if (TREE_CODE(addr) == SSA_NAME) {
			gimple *def = SSA_NAME_DEF_STMT(addr);

			if (!is_gimple_assign(def))
				break;
			if (gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR &&
			    tree_fits_shwi_p(gimple_assign_rhs2(def))) {
				*offset += tree_to_shwi(gimple_assign_rhs2(def));
				addr = gimple_assign_rhs1(def);
				continue;
			}
			if (gimple_assign_ssa_name_copy_p(def) ||
			    (gimple_assign_cast_p(def) &&
			     POINTER_TYPE_P(TREE_TYPE(gimple_assign_rhs1(def)))) ||
			    (gimple_assign_single_p(def) &&
			     TREE_CODE(gimple_assign_rhs1(def)) == ADDR_EXPR)) {
				addr = gimple_assign_rhs1(def);
				continue;
			}
		}
		break;
	}
	return addr;
}

struct located_check {
	kasan_check *check;
	tree base;
	HOST_WIDE_INT offset;
	hashval_t hash;		/* of base */
	int rank;		/* of the block: a dominator ranks lower */
	int pos;		/* within the block */
	int index;		/* in collection order */
};

/* Does D verify every byte of C? */
static bool covers(const struct located_check *d,
		   const struct located_check *c, bool inline_possible)
{
	HOST_WIDE_INT d_end, c_end;

	if (d->check->size <= 0 || c->check->size <= 0)
		return false;
	if (!operand_equal_p(d->base, c->base, 0))
		return false;
	d_end = d->offset + d->check->size;
	c_end = c->offset + c->check->size;
	if (d->check->is_scalar || d->check->always_call || !inline_possible)
		return d->offset <= c->offset && c_end <= d_end;
	return c->check->size == 1 &&
	       (c->offset == d->offset || c->offset == d_end - 1);
}

/* Only called with D ordered before C. */
static bool runs_before(const struct located_check *d,
			const struct located_check *c)
{
	basic_block bd = gimple_bb(d->check->stmt);
	basic_block bc = gimple_bb(c->check->stmt);

	return bd == bc || dominated_by_p(CDI_DOMINATORS, bc, bd);
}

/* Same base first, then blocks in reverse post-order, then position. */
static int compare_located(const void *a, const void *b)
{
	const struct located_check *x = (const struct located_check *)a;
	const struct located_check *y = (const struct located_check *)b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank - y->rank;
	if (x->pos != y->pos)
		return x->pos - y->pos;
	return x->index - y->index;
}

static void locate_checks(vec<kasan_check> *checks,
			  struct located_check *loc)
{
	int *rpo = XNEWVEC(int, n_basic_blocks_for_fn(cfun));
	int *rank = XCNEWVEC(int, last_basic_block_for_fn(cfun));
	int n = pre_and_rev_post_order_compute(NULL, rpo, false);
	unsigned int i, nchecks = checks->length();
	int j;

	for (j = 0; j < n; j++)
		rank[rpo[j]] = j;
	for (i = 0; i < nchecks; i++) {
		kasan_check *check = &(*checks)[i];

		loc[i].check = check;
		loc[i].base = split_address(check->addr, &loc[i].offset);
		loc[i].hash = iterative_hash_expr(loc[i].base, 0);
		loc[i].rank = rank[gimple_bb(check->stmt)->index];
		loc[i].pos = gimple_uid(check->stmt) * 2 + check->after;
		loc[i].index = i;
	}
	qsort(loc, nchecks, sizeof(*loc), compare_located);
	XDELETEVEC(rpo);
	XDELETEVEC(rank);
}

/* A call, an asm or a scope's end in the block between D's and C's? */
static bool call_between(const kasan_check *d, const kasan_check *c)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(d->stmt);

	for (gsi_next(&gsi); !gsi_end_p(gsi) && gsi_stmt(gsi) != c->stmt;
	     gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (is_gimple_call(stmt) || gimple_code(stmt) == GIMPLE_ASM ||
		    kasan_scope_ends_here(stmt))
			return true;
	}
	return false;
}

/* Can C join D (ordered before it) as described above? */
static bool neighbours(const struct located_check *d,
		       const struct located_check *c)
{
	HOST_WIDE_INT d_end = d->offset + d->check->size;
	HOST_WIDE_INT c_end = c->offset + c->check->size;

	return d->check->is_scalar && c->check->is_scalar &&
	       !d->check->always_call && !c->check->always_call &&
	       !d->check->after && !c->check->after &&
	       d->check->is_store == c->check->is_store &&
	       gimple_bb(d->check->stmt) == gimple_bb(c->check->stmt) &&
	       operand_equal_p(d->base, c->base, 0) &&
	       d->offset <= c->offset && c->offset <= d_end &&
	       kasan_scalar_access(MAX(d_end, c_end) - d->offset,
				   d->check->align) &&
	       !call_between(d->check, c->check);
}

/* D's check becomes the union of D's and C's bytes. */
static void join(struct located_check *d, const struct located_check *c)
{
	d->check->size = MAX(d->offset + d->check->size,
			     c->offset + c->check->size) - d->offset;
	d->check->len = size_int(d->check->size);
}

static unsigned int coalesce_neighbours(struct located_check *loc,
					unsigned int n)
{
	unsigned int i, j, group, merged = 0;

	for (group = 0, i = 0; i < n; i++) {
		if (loc[i].hash != loc[group].hash)
			group = i;
		if (loc[i].check->covered_by >= 0)
			continue;
		for (j = group; j < i; j++) {
			struct located_check *d = &loc[j];

			if (d->check->covered_by >= 0 || !neighbours(d, &loc[i]))
				continue;
			join(d, &loc[i]);
			loc[i].check->covered_by = d->index;
			merged++;
			break;
		}
	}
	return merged;
}

/*
 * Checks inside a fresh allocation (fresh.c) that no freeing event can
 * follow the allocation on a path to: they test the object's first byte.
 */
static void rebase_fresh_checks(vec<kasan_check> *checks,
				const struct events *ev)
{
	kasan_check *check, at_call = kasan_check();
	unsigned int i;
	gcall *call;

	at_call.after = true;
	FOR_EACH_VEC_ELT(*checks, i, check) {
		if (check->covered_by >= 0 || check->always_call ||
		    check->after || check->hoisted)
			continue;
		call = kasan_fresh_allocation(check);
		if (!call)
			continue;
		at_call.stmt = call;
		if (freeing_between(ev, &at_call, check))
			continue;
		if (dump_file)
			kasan_dump_check(dump_file, "inside a fresh allocation:",
					 check);
		check->addr = gimple_call_lhs(call);
		check->size = 1;
		check->len = size_one_node;
		check->align = BITS_PER_UNIT;
		check->is_scalar = true;
		if (dump_file)
			kasan_dump_check(dump_file, "  becomes", check);
	}
}

unsigned int kasan_eliminate_redundant(vec<kasan_check> *checks,
				       bool inline_possible)
{
	unsigned int n = checks->length(), i, j, group, removed = 0;
	struct located_check *loc;
	struct events ev;

	if (n == 0)
		return 0;
	calculate_dominance_info(CDI_DOMINATORS);
	find_events(&ev);
	rebase_fresh_checks(checks, &ev);
	if (n < 2) {
		free_events(&ev);
		return 0;
	}
	loc = XNEWVEC(struct located_check, n);
	locate_checks(checks, loc);

	for (group = 0, i = 0; i < n; i++) {
		if (loc[i].hash != loc[group].hash)
			group = i;
		for (j = group; j < i; j++) {
			struct located_check *d = &loc[j];

			if (d->check->covered_by >= 0)
				continue;
			if (!covers(d, &loc[i], inline_possible) ||
			    !runs_before(d, &loc[i]) ||
			    freeing_between(&ev, d->check, loc[i].check))
				continue;
			loc[i].check->covered_by = d->index;
			removed++;
			break;
		}
	}
	removed += coalesce_neighbours(loc, n);
	XDELETEVEC(loc);
	free_events(&ev);
	return removed;
}
