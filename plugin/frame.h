/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The protected frame of a function, shared by stack.c (its layout,
 * header and redzones) and scope.c (which locals may be live together,
 * and the shadow of locals whose scope has ended).
 */
#ifndef KASAN_FRAME_H
#define KASAN_FRAME_H

#include "kasan.h"

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

#endif /* KASAN_FRAME_H */
