# SPDX-License-Identifier: GPL-2.0-or-later
#
# versions.sh: which Linux versions the glue supports, and which one a tree
# is, in one place for apply.sh, prepare-tree.sh, build-kernel.sh and
# run-variant.sh (sourced: ". versions.sh" after setting $glue).
#
# A version X.Y is supported when kernel-glue/linux-X.Y/ exists: that
# directory holds all that is version-specific (patches/, seed/, the
# expectation files, an optional kasan.config), so no script names a
# version.  A tree's version is its top Makefile's VERSION and PATCHLEVEL.

# The sourcing script sets it: the kernel-glue directory.
: "${glue:?versions.sh: set glue to the kernel-glue directory first}"

# The supported versions, space-separated, in version order.
glue_versions() {
	for d in "$glue"/linux-*/; do
		[ -d "$d" ] || continue
		d=${d%/}
		echo "${d##*/linux-}"
	done | sort -V | tr '\n' ' ' | sed 's/ $//'
}

# tree_makevar TREE NAME: the value of NAME in TREE's top Makefile.
tree_makevar() {
	sed -n "s/^$2 *= *\\([^ ]*\\).*/\\1/p" "$1/Makefile" | head -n 1
}

# tree_version TREE: "X.Y" of the tree, or "" when it has no such Makefile.
tree_version() {
	[ -f "$1/Makefile" ] || return 0
	v=$(tree_makevar "$1" VERSION)
	p=$(tree_makevar "$1" PATCHLEVEL)
	[ -n "$v" ] && [ -n "$p" ] && echo "$v.$p"
	return 0
}

# glue_dir VERSION WHO: kernel-glue/linux-VERSION, or a message naming the
# supported versions (WHO starts it) and exit status 1.
glue_dir() {
	if [ -n "$1" ] && [ -d "$glue/linux-$1" ]; then
		echo "$glue/linux-$1"
		return 0
	fi
	echo "$2: no glue for Linux ${1:-of unknown version} (no" \
	     "kernel-glue/linux-${1:-X.Y}/); supported: $(glue_versions)" >&2
	return 1
}

# tree_glue_dir TREE WHO: the glue directory of TREE's version (as glue_dir).
tree_glue_dir() {
	glue_dir "$(tree_version "$1")" "$2"
}
