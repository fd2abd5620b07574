// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kasan GIMPLE pass: collect every access of the function, drop the
 * redundant checks, decide outline or inline by GCC's threshold rule
 * (a function with at least call-threshold checks uses calls), copy
 * loops whose checks a range test can stand for, move checks out of
 * loops, emit.
 *
 * It runs just before "optimized", the last GIMPLE pass, like the kernel's
 * stackleak and latent_entropy plugins: after inlining, so it sees the
 * final bodies and instruments each exactly once, and after the loop
 * optimisers, which our checks would otherwise hinder.  See
 * docs/design.md for the trade-offs.
 */
#include "kasan.h"

static bool needs_handle_no_return(gcall *call)
{
	if (!gimple_call_noreturn_p(call))
		return false;
	return !gimple_call_builtin_p(call, BUILT_IN_UNREACHABLE) &&
	       !gimple_call_builtin_p(call, BUILT_IN_TRAP);
}

struct collected {
	auto_vec<kasan_check> checks;
	auto_vec<gimple *> no_returns;
	auto_vec<gimple *> explicit_calls;	/* replaced by checks */
	bool renamed_calls;
};

/* Collects the checks of FUN's blocks but those in SKIP (if any). */
static void collect(function *fun, struct collected *c, bitmap skip)
{
	basic_block bb;

	c->checks.truncate(0);
	c->no_returns.truncate(0);
	c->explicit_calls.truncate(0);
	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi;

		if (skip && bitmap_bit_p(skip, bb->index))
			continue;
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (is_gimple_debug(stmt))
				continue;
			if (gcall *call = dyn_cast<gcall *>(stmt)) {
				if (kasan_opts.explicit_checks &&
				    kasan_take_explicit_check(&c->checks, call)) {
					c->explicit_calls.safe_push(call);
					continue;
				}
				if (kasan_rename_mem_intrinsic(call))
					c->renamed_calls = true;
				if (needs_handle_no_return(call))
					c->no_returns.safe_push(call);
			}
			kasan_collect_stmt_checks(&c->checks, stmt);
		}
	}
}

static void report(function *fun, struct collected *c, unsigned int removed,
		   unsigned int hoisted, unsigned int copied, bool calls)
{
	unsigned int loads = 0, stores = 0, i;
	kasan_check *check;
	const char *mode = calls ? "outline" : "inline";

	FOR_EACH_VEC_ELT(c->checks, i, check) {
		if (check->covered_by >= 0)
			continue;
		if (check->is_store)
			stores++;
		else
			loads++;
	}
	if (dump_file) {
		FOR_EACH_VEC_ELT(c->checks, i, check) {
			if (check->covered_by < 0) {
				kasan_dump_check(dump_file,
					check->hoisted == KASAN_HOIST_RANGE ? "range before loop" :
					check->hoisted ? "invariant before loop" : "check",
					check);
				continue;
			}
			kasan_dump_check(dump_file, "removed", check);
			kasan_dump_check(dump_file, "  covered by",
					 &c->checks[check->covered_by]);
		}
		fprintf(dump_file,
			"kasan: %s: %u checks (%u loads, %u stores), %u removed, %s\n\n",
			function_name(fun), loads + stores, loads, stores,
			removed, mode);
		if (hoisted)
			fprintf(dump_file, "kasan: %s: %u checks before loops\n\n",
				function_name(fun), hoisted);
		if (copied)
			fprintf(dump_file, "kasan: %s: %u loops %s\n\n",
				function_name(fun), copied,
				calls ? "versioned" : "windowed");
	}
	if (kasan_opts.stats)
		fprintf(stderr,
			"kasan: %s: %u checks (%u loads, %u stores), %u removed, %s\n",
			function_name(fun), loads + stores, loads, stores,
			removed, mode);
}

static unsigned int eliminate(struct collected *c)
{
	if (!kasan_opts.eliminate)
		return 0;
	return kasan_eliminate_redundant(&c->checks, kasan_opts.inline_checks);
}

/*
 * Loops copied without checks (version.c with calls, window.c inline)
 * change the function: its checks are collected again, but for the
 * copies', which need none.
 */
static unsigned int copy_loops(function *fun, struct collected *c, bool calls,
			       unsigned int *removed)
{
	auto_bitmap unchecked;
	unsigned int copied = 0;

	if (calls && kasan_opts.version_loops)
		copied = kasan_version_loops(&c->checks, unchecked);
	else if (!calls && kasan_opts.window_loops)
		copied = kasan_window_loops(&c->checks, unchecked);
	if (copied) {
		collect(fun, c, unchecked);
		*removed = eliminate(c);
	}
	return copied;
}

static unsigned int instrument_function(function *fun)
{
	struct collected c;
	unsigned int removed, hoisted = 0, copied, i;
	kasan_check *check;
	gimple *stmt;
	bool calls, stack, allocas;

	c.renamed_calls = false;
	collect(fun, &c, NULL);
	removed = eliminate(&c);
	calls = !kasan_opts.inline_checks ||
		c.checks.length() - removed >= (unsigned int)kasan_opts.call_threshold;
	copied = copy_loops(fun, &c, calls, &removed);
	if (kasan_opts.hoist)
		hoisted = kasan_hoist_loop_checks(&c.checks);
	report(fun, &c, removed, hoisted, copied, calls);

	/* Inline checks change the CFG; nothing below needs dominators. */
	free_dominance_info(CDI_DOMINATORS);
	stack = kasan_protect_stack(&c.checks);
	allocas = kasan_protect_allocas();
	FOR_EACH_VEC_ELT(c.checks, i, check) {
		if (check->covered_by >= 0)
			continue;
		if (calls || check->always_call)
			kasan_emit_outline(check);
		else
			kasan_emit_inline(check);
	}
	FOR_EACH_VEC_ELT(c.no_returns, i, stmt)
		kasan_emit_handle_no_return(stmt);
	FOR_EACH_VEC_ELT(c.explicit_calls, i, stmt)
		kasan_remove_explicit_check(stmt);

	if (c.checks.is_empty() && c.no_returns.is_empty() && !c.renamed_calls &&
	    !stack && !allocas)
		return 0;
	mark_virtual_operands_for_renaming(fun);
	return TODO_update_ssa_only_virtuals |
	       (c.renamed_calls || allocas || !c.explicit_calls.is_empty() ?
		TODO_rebuild_cgraph_edges : 0);
}

static const pass_data instrument_pass_data = {
	GIMPLE_PASS,		/* type */
	"kasan",		/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_ssa | PROP_cfg | PROP_gimple_leh, /* properties_required */
	0,			/* properties_provided */
	0,			/* properties_destroyed */
	0,			/* todo_flags_start */
	0,			/* todo_flags_finish */
};

class instrument_pass : public gimple_opt_pass {
public:
	instrument_pass() : gimple_opt_pass(instrument_pass_data, g) {}

	unsigned int execute(function *fun) final override
	{
		const char *why;

		kasan_note_live_literals(fun);
		if (!kasan_function_instrumented(fun->decl, &why)) {
			if (dump_file)
				fprintf(dump_file, "kasan: %s: not instrumented: %s\n\n",
					function_name(fun), why);
			return 0;
		}
		return instrument_function(fun);
	}
};

opt_pass *kasan_make_instrument_pass(void)
{
	return new instrument_pass();
}
