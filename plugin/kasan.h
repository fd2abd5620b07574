/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Declarations shared by the files of the kasan plugin.
 *
 * kasan_plugin.c  arguments, registration
 * gcc_match.c     refusing a GCC other than the one built for
 * policy.c        which functions are instrumented; the inlining rule
 * access.c        finding the memory accesses of a statement
 * memintrin.c     memcpy/memset/... and strlen calls
 * explicit.c      the kernel's __kasan_check_read/write calls
 * globals.c       choosing and growing protected globals, their registration
 * sections.c      where protected globals are written: left redzones
 * protected.c     which globals and literals are protected, their sizes
 * stack.c         redzones around locals
 * scope.c         which locals live together; poisoning ended scopes
 * alloca.c        redzones around alloca() and VLAs
 * eliminate.c     removing checks that a dominating check makes redundant
 * loops.c         what hoist.c, version.c and window.c ask of loops
 * hoist.c         moving checks out of loops
 * version.c       loops copied without checks, behind a test of their range
 * window.c        loops copied without checks, run in tested windows (inline)
 * emit.c          outline calls and inline shadow checks
 * instrument.c    the GIMPLE pass that ties them together
 */
#ifndef KASAN_PLUGIN_H
#define KASAN_PLUGIN_H

#include "gcc-compat.h"

enum kasan_mem_intrinsics {
	KASAN_MEMINTRIN_CHECK,	/* range checks before the call */
	KASAN_MEMINTRIN_PREFIX,	/* call __asan_memcpy() and friends instead */
	KASAN_MEMINTRIN_PREFIX_VARIABLE,	/* those of variable length */
	KASAN_MEMINTRIN_NONE,	/* leave the call alone */
};

struct kasan_options {
	bool disabled;
	bool inline_checks;		/* inline unless the threshold says calls */
	unsigned HOST_WIDE_INT shadow_offset;
	int call_threshold;		/* >= this many checks: calls */
	bool recover;			/* _noabort entry points */
	bool reads;
	bool writes;
	bool globals;
	bool stack;
	bool use_after_scope;		/* with stack: poison ended scopes */
	bool use_after_return;		/* with stack: frames on fake stacks */
	bool eliminate;
	bool hoist;			/* move loop checks out (hoist.c) */
	bool version_loops;		/* the runtime has the range test */
	bool window_loops;		/* inline: loops in windows (window.c) */
	bool stats;
	enum kasan_mem_intrinsics mem_intrinsics;
	bool explicit_checks;		/* take __kasan_check_read/write */
};

extern struct kasan_options kasan_opts;

/* Whether a check left its loop for the preheader (hoist.c), and how. */
enum kasan_hoist {
	KASAN_HOIST_NONE,
	KASAN_HOIST_INVARIANT,	/* the same check, once */
	KASAN_HOIST_RANGE,	/* one range check of every iteration's bytes */
};

/*
 * One check of [addr, addr + len) before (or, for strlen, after) stmt.
 * size is len when len is a constant, else -1.  A scalar check has a
 * size of 1, 2, 4, 8 or 16 bytes and enough alignment for the
 * __asan_load<size> entry points; all others use the N variants.
 */
struct kasan_check {
	gimple *stmt;		/* where the check goes */
	gimple *origin;		/* the access it checks (stmt until hoisted) */
	tree addr;
	tree len;
	HOST_WIDE_INT size;
	unsigned int align;	/* in bits */
	location_t loc;
	bool is_store;
	bool is_scalar;
	bool after;
	bool always_call;	/* outline even in inline mode */
	int covered_by;		/* index of the check that makes it redundant */
	enum kasan_hoist hoisted;
};

/* gcc_match.c */
bool kasan_gcc_matches(struct plugin_gcc_version *version);
const char *kasan_built_target(void);

/* policy.c */
bool kasan_function_instrumented(tree fndecl, const char **why);
void kasan_forbid_mismatched_inlining(cgraph_node *node);
void kasan_register_attributes(void *event_data, void *user_data);
void kasan_early_gimple_passes_end(void *event_data, void *user_data);
opt_pass *kasan_make_inline_policy_pass(void);

/* access.c */
bool kasan_scalar_access(HOST_WIDE_INT size, unsigned int align);
void kasan_add_ref_check(vec<kasan_check> *checks, gimple *stmt, tree ref,
			 bool is_store);
void kasan_collect_stmt_checks(vec<kasan_check> *checks, gimple *stmt);
void kasan_add_range_check(vec<kasan_check> *checks, gimple *stmt, tree ptr,
			   tree len, bool is_store, bool after);

/* protected.c: what is protected, its size; calls neither file below */
#define KASAN_GRANULE 8			/* bytes per shadow byte */
#define KASAN_GLOBAL_MIN_REDZONE 32	/* bytes, on each side */
unsigned HOST_WIDE_INT kasan_global_total_size(unsigned HOST_WIDE_INT size,
					       unsigned int align_bytes);
bool kasan_global_eligible(varpool_node *vnode);
void kasan_mark_protected(tree decl);
void kasan_add_redzone(tree decl);
tree kasan_global_original_size(tree decl);
bool kasan_global_protected(tree decl);
void kasan_mark_internal(tree decl);
void kasan_collect_literals(void);
void kasan_note_live_literals(function *fn);
unsigned int kasan_literal_count(void);
tree kasan_literal(unsigned int i);
bool kasan_literal_live(unsigned int i);
HOST_WIDE_INT kasan_literal_size(const_tree str);
bool kasan_literal_protected(tree str);
void kasan_register_literal_roots(const char *plugin_name);

/* sections.c: where protected objects go; uses protected.c only */
section *kasan_home_section(tree decl);
section *kasan_literal_home_section(void);
void kasan_need_left_pad(section *home, unsigned int align_bytes);
unsigned int kasan_make_left_pads(void);
tree kasan_left_pad(unsigned int i, unsigned int *size);
void kasan_start_routing(void);

/* globals.c: choosing, growing, registering; uses the two above */
void kasan_protect_globals(void *event_data, void *user_data);
void kasan_grow_globals(void *event_data, void *user_data);
void kasan_check_globals_grown(void *event_data, void *user_data);
void kasan_register_globals_roots(const char *plugin_name);

/* stack.c, with scope.c (frame.h) */
bool kasan_protect_stack(vec<kasan_check> *checks);
bool kasan_scope_ends_here(const gimple *stmt);

/* alloca.c */
bool kasan_protect_allocas(void);

/* memintrin.c */
bool kasan_collect_builtin_checks(vec<kasan_check> *checks, gcall *call);
bool kasan_rename_mem_intrinsic(gcall *call);

/* explicit.c */
bool kasan_is_explicit_check(const gcall *call);
bool kasan_take_explicit_check(vec<kasan_check> *checks, gcall *call);
void kasan_remove_explicit_check(gimple *call);

/* fresh.c */
gcall *kasan_fresh_allocation(const kasan_check *check);

/* eliminate.c */
unsigned int kasan_eliminate_redundant(vec<kasan_check> *checks,
				       bool inline_possible);

/* loops.c */
bool kasan_loops_begin(vec<kasan_check> *checks);
void kasan_loops_end(void);
bool kasan_loop_is_plain(class loop *loop, bool explicit_checks);
bool kasan_invariant_in(class loop *loop, tree expr);
bool kasan_runs_every_iteration(class loop *loop, basic_block bb);
bool kasan_signed_step(tree step, HOST_WIDE_INT *out);
bool kasan_check_iv(class loop *loop, const kasan_check *check, tree *base,
		    HOST_WIDE_INT *step);
void kasan_iv_range(tree base, HOST_WIDE_INT step, tree latches,
		    HOST_WIDE_INT size, tree *first, tree *len);
class loop *kasan_copy_loop(class loop *loop, tree ok, bitmap unchecked);

/* hoist.c */
unsigned int kasan_hoist_loop_checks(vec<kasan_check> *checks);
tree kasan_latch_count(class loop *loop);
bool kasan_hoistable(class loop *loop, bool plain, const kasan_check *check);

/* version.c */
unsigned int kasan_version_loops(vec<kasan_check> *checks, bitmap unchecked);

/* window.c */
unsigned int kasan_window_loops(vec<kasan_check> *checks, bitmap unchecked);

/* emit.c */
void kasan_emit_outline(const kasan_check *check);
void kasan_emit_inline(const kasan_check *check);
void kasan_emit_handle_no_return(gimple *stmt);
tree kasan_runtime_decl(const char *name, tree type, bool noreturn);
tree kasan_runtime_int(const char *name);
void kasan_append_to_block(basic_block bb, gimple_seq seq);
basic_block kasan_branch_if(basic_block bb, tree cond, location_t loc,
			    profile_probability taken, bool falls_through);
tree kasan_shadow_word_type(unsigned int align);
tree kasan_shadow_byte_type(void);
tree kasan_shadow_address(gimple_seq *seq, location_t loc, tree addr);
tree kasan_load_shadow_word(gimple_seq *seq, location_t loc, tree shadow);
void kasan_register_ggc_roots(const char *plugin_name);

/* instrument.c */
opt_pass *kasan_make_instrument_pass(void);

/* Printing a check, for dumps. */
void kasan_dump_check(FILE *f, const char *what, const kasan_check *check);

#endif /* KASAN_PLUGIN_H */
