// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which functions the kasan plugin instruments, and the inlining rule that
 * keeps that decision meaningful.
 *
 * A function is left alone when it carries no_sanitize_address,
 * no_address_safety_analysis, no_sanitize("address") or
 * no_sanitize("kernel-address"), or lives in .noinstr.text / .entry.text.
 *
 * GCC refuses to inline a callee into a caller whose sanitizer attributes
 * differ, except always_inline callees, which then follow the caller; the
 * kernel depends on that (CC_HAS_WORKING_NOSANITIZE_ADDRESS in
 * lib/Kconfig.kasan).  GCC only applies the rule when -fsanitize=address
 * is on, and our pass runs after inlining, so an exempt body inlined into
 * an instrumented function would be instrumented: the kernel's early boot
 * and entry code would then take false reports.  We enforce the rule
 * ourselves by marking the mismatched call graph edges as not inlinable,
 * right before the early inliner and again before the IPA inliner (the
 * edges are rebuilt in between).
 */
#include "kasan.h"

static const char *const exempt_sections[] = {
	".noinstr.text",
	".entry.text",
};

/*
 * GCC 8 and later fold every no_sanitize spelling into one "no_sanitize"
 * attribute holding a mask of sanitizer flags; the names we registered
 * ourselves (compilers without them) stay as they are.
 */
static bool has_no_sanitize_address(tree fndecl)
{
	tree attrs = DECL_ATTRIBUTES(fndecl);
	tree attr = lookup_attribute("no_sanitize", attrs);

	tree args = attr ? TREE_VALUE(attr) : NULL_TREE;

	if (args && TREE_CODE(args) == INTEGER_CST)
		return tree_to_uhwi(args) &
		       (SANITIZE_ADDRESS | SANITIZE_KERNEL_ADDRESS);
	for (; args && TREE_CODE(args) == TREE_LIST; args = TREE_CHAIN(args)) {
		tree arg = TREE_VALUE(args);

		if (TREE_CODE(arg) == STRING_CST &&
		    (!strcmp(TREE_STRING_POINTER(arg), "address") ||
		     !strcmp(TREE_STRING_POINTER(arg), "kernel-address")))
			return true;
	}
	return lookup_attribute("no_sanitize_address", attrs) ||
	       lookup_attribute("no_address_safety_analysis", attrs);
}

static bool in_exempt_section(tree fndecl)
{
	const char *section = DECL_SECTION_NAME(fndecl);
	unsigned int i;

	if (!section)
		return false;
	for (i = 0; i < ARRAY_SIZE(exempt_sections); i++)
		if (!strcmp(section, exempt_sections[i]))
			return true;
	return false;
}

bool kasan_function_instrumented(tree fndecl, const char **why)
{
	const char *reason = NULL;

	if (kasan_opts.disabled)
		reason = "plugin disabled";
	else if (has_no_sanitize_address(fndecl))
		reason = "no_sanitize_address attribute";
	else if (in_exempt_section(fndecl))
		reason = DECL_SECTION_NAME(fndecl);
	else if (lookup_attribute("naked", DECL_ATTRIBUTES(fndecl)))
		reason = "naked function";
	if (why)
		*why = reason;
	return !reason;
}

static bool always_inline_p(tree fndecl)
{
	return lookup_attribute("always_inline", DECL_ATTRIBUTES(fndecl));
}

void kasan_forbid_mismatched_inlining(cgraph_node *node)
{
	bool caller_instrumented = kasan_function_instrumented(node->decl, NULL);
	cgraph_edge *e;

	for (e = node->callees; e; e = e->next_callee) {
		cgraph_node *callee = e->callee->ultimate_alias_target();

		if (always_inline_p(callee->decl))
			continue;
		if (kasan_function_instrumented(callee->decl, NULL) ==
		    caller_instrumented)
			continue;
		/* A final error: no inliner, early or IPA, tries again. */
		e->inline_failed = CIF_SANITIZE_ATTRIBUTE_MISMATCH;
		e->call_stmt_cannot_inline_p = 1;
	}
}

/* After the early passes: the edges the IPA inliner will look at. */
void kasan_early_gimple_passes_end(void *event_data ATTRIBUTE_UNUSED,
				   void *user_data ATTRIBUTE_UNUSED)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node)
		kasan_forbid_mismatched_inlining(node);
}

/* Before the early inliner, which works on edges rebuilt just before it. */
static const pass_data inline_policy_pass_data = {
	GIMPLE_PASS,		/* type */
	"kasan_inline_policy",	/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_cfg,		/* properties_required */
	0,			/* properties_provided */
	0,			/* properties_destroyed */
	0,			/* todo_flags_start */
	0,			/* todo_flags_finish */
};

class inline_policy_pass : public gimple_opt_pass {
public:
	inline_policy_pass() : gimple_opt_pass(inline_policy_pass_data, g) {}

	unsigned int execute(function *fun) final override
	{
		cgraph_node *node = cgraph_node::get(fun->decl);

		if (node)
			kasan_forbid_mismatched_inlining(node);
		return 0;
	}
};

opt_pass *kasan_make_inline_policy_pass(void)
{
	return new inline_policy_pass();
}

/*
 * Compilers without the no_sanitize family get it from us, so that
 * kernel sources keep compiling and keep their meaning.  Registering a
 * name GCC already knows would be a fatal error, hence the lookup.
 */
static tree accept_on_functions(tree *node, tree name, tree, int,
				bool *no_add_attrs)
{
	if (TREE_CODE(*node) != FUNCTION_DECL) {
		warning(OPT_Wattributes, "%qE attribute ignored", name);
		*no_add_attrs = true;
	}
	return NULL_TREE;
}

static struct attribute_spec no_sanitize_specs[] = {
	{ "no_sanitize_address", 0, 0, true, false, false, false,
	  accept_on_functions, NULL },
	{ "no_address_safety_analysis", 0, 0, true, false, false, false,
	  accept_on_functions, NULL },
	{ "no_sanitize", 1, -1, true, false, false, false,
	  accept_on_functions, NULL },
};

void kasan_register_attributes(void *event_data ATTRIBUTE_UNUSED,
			       void *user_data ATTRIBUTE_UNUSED)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(no_sanitize_specs); i++) {
		tree name = get_identifier(no_sanitize_specs[i].name);

		if (!lookup_attribute_spec(name))
			register_attribute(&no_sanitize_specs[i]);
	}
}
