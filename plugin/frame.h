/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The protected frame of a function, shared by stack.c (its layout,
 * header and redzones), scope.c (which locals may be live together,
 * and the shadow of locals whose scope has ended) and fake_frame.c (the
 * frame on a fake stack).
 */
#ifndef KASAN_FRAME_H
#define KASAN_FRAME_H

#include "kasan.h"

/*
 * The largest frame the runtime's fake stacks hold (fake_frame.c): a larger
 * one would only ever get its real frame back.
 */
#define KASAN_FAKE_FRAME_MAX 4096

/* Shadow of a local whose scope has ended (scope.c). */
#define KASAN_SHADOW_AFTER_SCOPE 0xf7

struct frame_var {
	tree decl;
	HOST_WIDE_INT offset;
	HOST_WIDE_INT size;
};

struct liveness;

struct frame {
	auto_vec<frame_var> vars;
	hash_map<tree, int> index;	/* decl -> vars[] */
	tree decl;
	tree base = NULL_TREE;		/* fake_frame.c's pointer, or none */
	HOST_WIDE_INT size;
	unsigned int align;		/* in bits */
	struct liveness *liveness = nullptr;	/* scope.c's, once asked */
};

/* stack.c */
void kasan_frame_shadow_store(gimple_seq *seq, const struct frame *f,
			      tree shadow_base, HOST_WIDE_INT first,
			      const unsigned char *bytes, HOST_WIDE_INT n);

/* scope.c */
bitmap *kasan_scope_conflicts(struct frame *f);
void kasan_free_frame_liveness(struct frame *f);
struct scope_plan;
struct scope_plan *kasan_plan_scopes(struct frame *f,
				     const vec<kasan_check> *checks);
void kasan_emit_scopes(struct scope_plan *plan, const struct frame *f,
		       tree shadow_base);
const_bitmap kasan_scope_poisoned_at(struct scope_plan *plan,
				     gimple *ret);
void kasan_free_scope_plan(struct scope_plan *plan);

/* fake_frame.c */
bool kasan_fake_frame_wanted(const struct frame *f);
tree kasan_rebase_frame(struct frame *f, vec<kasan_check> *checks);
basic_block kasan_fake_frame_prologue(const struct frame *f);
void kasan_fake_frame_epilogue(const struct frame *f, gimple *ret);

#endif /* KASAN_FRAME_H */
