/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one place where GCC versions differ for the kasan plugin.
 *
 * Every GCC internal header the plugin needs is included here, in the
 * order GCC's own sources use, and every difference between the supported
 * versions (GCC 11 and 12 today) is a macro or inline below, so the rest of
 * the plugin is written once.  Nothing here touches GCC's sanitizer: no
 * asan.h, no flag_sanitize, no IFN_ASAN_*.
 */
#ifndef KASAN_GCC_COMPAT_H
#define KASAN_GCC_COMPAT_H

#include "bversion.h"

#if BUILDING_GCC_VERSION < 11000
#error "kasan plugin: GCC 11 or newer is required"
#endif

#include "gcc-plugin.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "rtl.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "ssa.h"
#include "cgraph.h"
#include "context.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "stringpool.h"
#include "attribs.h"
#include "varasm.h"
#include "output.h"
#include "target.h"
#include "alias.h"
#include "builtins.h"
#include "calls.h"
#include "cfgloop.h"
#include "cfgloopmanip.h"
#include "cfghooks.h"
#include "dominance.h"
#include "gimple-iterator.h"
#include "gimple-fold.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "gimple-pretty-print.h"
#include "gimple-walk.h"
#include "tree-cfg.h"
#include "tree-dfa.h"
#include "tree-into-ssa.h"
#include "tree-ssa-address.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-niter.h"
#include "tree-scalar-evolution.h"
#include "tree-eh.h"
#include "tree-pretty-print.h"
#include "internal-fn.h"
#include "dumpfile.h"
#include "opts.h"
#include "toplev.h"
#include "langhooks.h"
#include "print-tree.h"
#include "cpplib.h"

/* Symbols GCC looks up in the plugin: visible even with -fvisibility. */
#define __visible __attribute__((visibility("default")))

/*
 * Atomic read-modify-write forms that the late folding of GCC 12 creates
 * from __atomic_*_fetch() compared with zero; GCC 11 does not have them.
 */
#if BUILDING_GCC_VERSION >= 12000
#define KASAN_HAVE_IFN_ATOMIC_OP_FETCH_CMP_0 1
#else
#define KASAN_HAVE_IFN_ATOMIC_OP_FETCH_CMP_0 0
#endif

/* The data argument of an unnamed section's switch callback. */
#if BUILDING_GCC_VERSION >= 12000
typedef const char *kasan_section_data;
#else
typedef const void *kasan_section_data;
#endif

/*
 * The section flag that keeps a section's objects out of section anchor
 * blocks: get_block_for_section() gives a mergeable section no block in
 * GCC 11 and 12 (varasm).  Set on our own unnamed sections only, whose
 * directive is the real, unmergeable section's: nothing else reads it
 * there (output of merged strings also wants SECTION_STRINGS).
 */
#define KASAN_SECTION_NO_ANCHOR_BLOCK SECTION_MERGE

/* system.h has startswith() from GCC 12 on. */
#if BUILDING_GCC_VERSION < 12000
static inline bool startswith(const char *str, const char *prefix)
{
	return strncmp(str, prefix, strlen(prefix)) == 0;
}
#endif

#endif /* KASAN_GCC_COMPAT_H */
