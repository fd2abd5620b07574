// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where protected globals and string literals are written out, so that
 * every one of them has a redzone on its left as well as on its right.
 *
 * A global's right redzone is part of the global (globals.c grows it).
 * Its left neighbour is whatever the assembler put before it, which GCC
 * never controls: another unit's data, a constant, an unprotected
 * variable.  We control it with assembler subsections.  Every protected
 * object of a section (.data, .bss, .rodata, .data.rel.ro...) goes into
 * a subsection of that section chosen by its alignment, after one pad
 * in a lower subsection:
 *
 *   subsection 4   the unit's pad for this section: all redzone
 *   subsection 5   protected objects aligned to 64
 *   subsection 6   ... to 32
 *   subsection 7   ... to 16
 *   subsection 8   ... to 8 (the granule; smaller alignments are raised)
 *
 * The assembler writes a section's subsections in numeric order after
 * its subsection 0 (where everything else stays), so nothing comes
 * between protected objects.  Each object's size with its redzone is a
 * multiple of its alignment, and the groups go from larger to smaller
 * alignment, so no unpoisoned padding opens up between them either: the
 * left redzone of each object is the right redzone of the one before,
 * and of the first, the pad.  The pad is as large as the largest
 * alignment in its section, and registered like a global of size 0.
 *
 * The objects reach their subsections through GCC's own output code:
 * targetm.asm_out.select_section returns, for a protected object, a
 * section of our own whose switch directive is the real section's
 * followed by ".subsection N"; zero-initialised variables, which GCC
 * writes with .local/.comm or its bss callback rather than switching
 * sections, go through the bss callback with our section in place of
 * bss_section.  String literals get their right redzone when the
 * assembler has their bytes (declare_constant_name, decl_end), and stay
 * out of the mergeable string sections, where the linker would merge
 * them.
 *
 * Objects that GCC would put in a mergeable section (.rodata.cst16,
 * .rodata.str1.8) go to .rodata's subsections: the linker folds equal
 * entries of mergeable sections, which would leave a redzone over
 * another object.  Variables in a named section (-fdata-sections) do not
 * pass through select_section and keep only their right redzone; the
 * pads never get a section of their own.
 *
 * What is protected and how large it is with its redzone, this file
 * asks protected.c; globals.c calls this file, never the reverse.
 */
#include "kasan.h"

#define PAD_SUBSECTION 4
#define FIRST_GROUP_SUBSECTION 5	/* alignment 64 */
#define MAX_ROUTED_ALIGN 64

struct routed_section {
	section *real;
	int subsection;
	section *ours;
};

struct left_pad {
	section *home;
	unsigned int size;
	tree decl;
};

/* A unit writes to a handful of sections: small tables will do. */
static vec<routed_section *> routed;
static vec<left_pad> pads;

static section *(*real_select_section)(tree, int, unsigned HOST_WIDE_INT);
static void (*real_declare_constant_name)(FILE *, const char *, const_tree,
					  HOST_WIDE_INT);
static void (*real_decl_end)(void);
static noswitch_section_callback real_emit_bss;
static noswitch_section_callback real_emit_local;
static void (*real_unique_section)(tree, int);
static HOST_WIDE_INT literal_redzone_pending;

static const char pad_attr[] = "kasan left redzone";

static int group_subsection(unsigned int align_bytes)
{
	int subsection = FIRST_GROUP_SUBSECTION;
	unsigned int align;

	for (align = MAX_ROUTED_ALIGN; align > align_bytes; align /= 2)
		subsection++;
	return subsection;
}

/* Switching to our section: the real one's directive, then ours. */
static void switch_to_routed(kasan_section_data data)
{
	const routed_section *r = (const routed_section *)data;

	in_section = NULL;
	switch_to_section(r->real, NULL_TREE);
	in_section = r->ours;
	fprintf(asm_out_file, "\t.subsection\t%d\n", r->subsection);
}

static section *routed_section_for(section *real, int subsection)
{
	routed_section *r;
	unsigned int i;

	FOR_EACH_VEC_ELT(routed, i, r)
		if (r->real == real && r->subsection == subsection)
			return r->ours;
	r = XNEW(routed_section);
	r->real = real;
	r->subsection = subsection;
	/*
	 * Merging would undo the redzones: ours never merge.  Nor do they
	 * have anchor blocks: GCC would fix an object's offset in the block
	 * from its size before it grows (kasan_leave_anchor_block()).
	 */
	r->ours = get_unnamed_section((real->common.flags &
				       ~(SECTION_STYLE_MASK | SECTION_DECLARED |
					 SECTION_MERGE | SECTION_STRINGS |
					 SECTION_ENTSIZE)) |
				      KASAN_SECTION_NO_ANCHOR_BLOCK,
				      switch_to_routed, (kasan_section_data)r);
	routed.safe_push(r);
	return r->ours;
}

/*
 * A mergeable section (.rodata.cst16, .rodata.str1.8: constants, with
 * -fmerge-all-constants variables too) lets the linker fold equal
 * entries into one: a redzone could end up on another object.  Its
 * objects go to .rodata instead, as GCC's own protected globals do.
 */
static section *unmergeable(section *sect)
{
	if (sect && SECTION_STYLE(sect) != SECTION_NOSWITCH &&
	    (sect->common.flags & SECTION_MERGE))
		return readonly_data_section;
	return sect;
}

static bool is_bss_callback_section(section *sect)
{
	return sect && (sect == lcomm_section || sect == bss_noswitch_section);
}

/*
 * The section DECL would be written to without us, or NULL when we cannot
 * route it there (named sections, common and TLS).  Called before the
 * routing starts, when select_section is still GCC's.
 */
section *kasan_home_section(tree decl)
{
	section *sect;

	if (DECL_SECTION_NAME(decl))
		return NULL;
	sect = get_variable_section(decl, false);
	if (DECL_SECTION_NAME(decl))	/* -fdata-sections gave it one */
		return NULL;
	if (is_bss_callback_section(sect))
		return bss_noswitch_section ? bss_section : NULL;
	if (SECTION_STYLE(sect) == SECTION_NOSWITCH)
		return NULL;
	return unmergeable(sect);
}

/* Literals leave the mergeable string sections for the plain one. */
section *kasan_literal_home_section(void)
{
	return readonly_data_section;
}

/* A protected object of alignment ALIGN_BYTES will be written to HOME. */
void kasan_need_left_pad(section *home, unsigned int align_bytes)
{
	left_pad *pad;
	unsigned int i;
	unsigned int size = MAX(align_bytes, KASAN_GLOBAL_MIN_REDZONE);

	FOR_EACH_VEC_ELT(pads, i, pad)
		if (pad->home == home) {
			pad->size = MAX(pad->size, size);
			return;
		}
	left_pad fresh = { home, size, NULL_TREE };
	pads.safe_push(fresh);
}

/*
 * The pads as variables (zero-initialised, so whatever home they are
 * routed to, they are written as .zero), for the descriptors to name.
 * Returns how many there are; kasan_left_pad() gives each.
 */
unsigned int kasan_make_left_pads(void)
{
	left_pad *pad;
	unsigned int i;

	FOR_EACH_VEC_ELT(pads, i, pad) {
		tree type = build_array_type_nelts(char_type_node, pad->size);
		tree var = build_decl(BUILTINS_LOCATION, VAR_DECL,
				      create_tmp_var_name("__kasan_left_redzone"),
				      type);

		TREE_STATIC(var) = 1;
		TREE_PUBLIC(var) = 0;
		TREE_ADDRESSABLE(var) = 1;
		DECL_ARTIFICIAL(var) = 1;
		DECL_IGNORED_P(var) = 1;
		SET_DECL_ALIGN(var, pad->size * BITS_PER_UNIT);
		DECL_USER_ALIGN(var) = 1;
		DECL_ATTRIBUTES(var) = tree_cons(get_identifier(pad_attr),
						 NULL_TREE, NULL_TREE);
		kasan_mark_internal(var);
		varpool_node::finalize_decl(var);
		varpool_node::get(var)->force_output = 1;
		pad->decl = var;
	}
	return pads.length();
}

tree kasan_left_pad(unsigned int i, unsigned int *size)
{
	*size = pads[i].size;
	return pads[i].decl;
}

/* Our section for a pad, or NULL if DECL is none. */
static section *pad_section(tree decl)
{
	left_pad *pad;
	unsigned int i;

	if (!lookup_attribute(pad_attr, DECL_ATTRIBUTES(decl)))
		return NULL;
	FOR_EACH_VEC_ELT(pads, i, pad)
		if (pad->decl == decl)
			return routed_section_for(pad->home, PAD_SUBSECTION);
	return NULL;
}

/* Our section for variable DECL, which GCC would write to REAL; or NULL. */
static section *routed_var_section(tree decl, section *real)
{
	section *pad = pad_section(decl);

	if (pad)
		return pad;
	if (!kasan_global_protected(decl) || DECL_SECTION_NAME(decl))
		return NULL;
	return routed_section_for(unmergeable(real),
				  group_subsection(DECL_ALIGN_UNIT(decl)));
}

static section *select_section(tree exp, int reloc,
			       unsigned HOST_WIDE_INT align)
{
	section *real = real_select_section(exp, reloc, align);
	section *ours = NULL;

	if (TREE_CODE(exp) == STRING_CST && kasan_literal_protected(exp))
		ours = routed_section_for(kasan_literal_home_section(),
					  group_subsection(KASAN_GRANULE));
	else if (VAR_P(exp))
		ours = routed_var_section(exp, real);
	return ours ? ours : real;
}

/*
 * A zero-initialised variable that GCC writes with a bss callback: GCC's
 * bss callback writes it, with our section standing in for .bss.
 */
static bool emit_routed_bss(section *ours, tree decl, const char *name,
			    unsigned HOST_WIDE_INT size,
			    unsigned HOST_WIDE_INT rounded)
{
	section *saved = bss_section;
	bool aligned;

	bss_section = ours;
	aligned = real_emit_bss(decl, name, size, rounded);
	bss_section = saved;
	return aligned;
}

/* The bss callbacks: a protected variable goes to our section, the rest on. */
static bool emit_zero_initialised(noswitch_section_callback real, tree decl,
				  const char *name, unsigned HOST_WIDE_INT size,
				  unsigned HOST_WIDE_INT rounded)
{
	section *ours = routed_var_section(decl, bss_section);

	if (ours)
		return emit_routed_bss(ours, decl, name, size, rounded);
	return real(decl, name, size, rounded);
}

static bool emit_bss(tree decl, const char *name,
		     unsigned HOST_WIDE_INT size,
		     unsigned HOST_WIDE_INT rounded)
{
	return emit_zero_initialised(real_emit_bss, decl, name, size, rounded);
}

/* Protected statics leave .local/.comm, which has no room for a pad. */
static bool emit_local(tree decl, const char *name,
		       unsigned HOST_WIDE_INT size,
		       unsigned HOST_WIDE_INT rounded)
{
	return emit_zero_initialised(real_emit_local, decl, name, size,
				     rounded);
}

/* A protected literal starts on a granule and is followed by its redzone. */
static void declare_constant_name(FILE *file, const char *name,
				  const_tree exp, HOST_WIDE_INT size)
{
	if (TREE_CODE(exp) == STRING_CST &&
	    kasan_literal_protected(CONST_CAST_TREE(exp))) {
		ASM_OUTPUT_ALIGN(file, exact_log2(KASAN_GRANULE));
		literal_redzone_pending = kasan_global_total_size(size,
						KASAN_GRANULE) - size;
	}
	real_declare_constant_name(file, name, exp, size);
}

static void decl_end(void)
{
	if (literal_redzone_pending) {
		assemble_zeros(literal_redzone_pending);
		literal_redzone_pending = 0;
	}
	real_decl_end();
}

/*
 * -fdata-sections gives each variable a section of its own, the pads too;
 * a pad must stay where its objects go (for literals, .rodata).
 */
static void unique_section(tree decl, int reloc)
{
	if (VAR_P(decl) && lookup_attribute(pad_attr, DECL_ATTRIBUTES(decl)))
		return;
	real_unique_section(decl, reloc);
}

/* From now on, protected objects go where the file header says. */
void kasan_start_routing(void)
{
	if (real_select_section)
		return;
	real_select_section = targetm.asm_out.select_section;
	targetm.asm_out.select_section = select_section;
	real_declare_constant_name = targetm.asm_out.declare_constant_name;
	targetm.asm_out.declare_constant_name = declare_constant_name;
	real_decl_end = targetm.asm_out.decl_end;
	targetm.asm_out.decl_end = decl_end;
	real_unique_section = targetm.asm_out.unique_section;
	targetm.asm_out.unique_section = unique_section;
	if (bss_noswitch_section) {
		real_emit_bss = bss_noswitch_section->noswitch.callback;
		bss_noswitch_section->noswitch.callback = emit_bss;
		real_emit_local = lcomm_section->noswitch.callback;
		lcomm_section->noswitch.callback = emit_local;
	}
}
