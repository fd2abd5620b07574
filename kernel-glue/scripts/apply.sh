#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# apply.sh TREE: apply the kasan-plugin patches of the tree's version
# (kernel-glue/linux-X.Y/patches/*.patch, in name order) to a Linux source
# tree, and link the project's runtime and seed tests into it.
#
# The version is the tree's (its Makefile's VERSION and PATCHLEVEL), so one
# script serves every version the glue has a directory for; a tree of any
# other version is refused with the list of supported ones (versions.sh).
# KERNEL_ARCH (default x86_64; a space-separated list for a tree that
# several architectures build) names the architectures the tree is for:
# each must be one the glue has (kernel-glue/arch/ARCH/) for the tree's
# version (kernel-glue/linux-X.Y/ARCH/), and the tree must have its
# arch/ directory; the patches themselves are the same for every
# architecture.
#
# Idempotent: the tree records what it got in TREE/.kasan-glue-patches/
# (a copy of each applied patch and their order in "series").  A rerun
# applies nothing when the series is unchanged; when patches changed, it
# reverts the recorded ones from the first difference on and applies the
# current ones.  A patch that does not apply exactly (offsets are fine,
# fuzz is not) stops the script before it touches the tree.
set -eu

glue=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel-glue/scripts/versions.sh
. "$glue/scripts/versions.sh"
# shellcheck source=kernel-glue/scripts/arches.sh
. "$glue/scripts/arches.sh"
if [ $# -ne 1 ]; then
	echo "usage: $0 LINUX-TREE (Linux $(glue_versions | sed 's/ / or /g'))" >&2
	exit 2
fi
tree=$1

if [ ! -f "$tree/Makefile" ] || [ ! -f "$tree/lib/Kconfig.kasan" ]; then
	echo "apply.sh: $tree is not a Linux source tree" \
	     "(no Makefile or lib/Kconfig.kasan)" >&2
	exit 1
fi
version=$(tree_version "$tree")
sublevel=$(tree_makevar "$tree" SUBLEVEL)
here=$(glue_dir "$version" "apply.sh: $tree is Linux $version.$sublevel") ||
	exit 1
# The architectures the tree is built for, each supported for this version
# and present in the tree.
for a in ${KERNEL_ARCH:-$DEFAULT_ARCH}; do
	(load_arch "$a" apply.sh && pair_dir "$here" "$a" apply.sh > /dev/null &&
	 if [ ! -d "$tree/arch/$SRCARCH" ]; then
		echo "apply.sh: $tree has no arch/$SRCARCH, which $a needs" >&2
		exit 1
	 fi) || exit 1
done
command -v patch >/dev/null || { echo "apply.sh: needs patch(1)" >&2; exit 1; }

state=$tree/.kasan-glue-patches
series=$state/series
patchopts="-d $tree -p1 -s -f --fuzz=0 --no-backup-if-mismatch"

set -- "$here"/patches/*.patch
[ -f "$1" ] || { echo "apply.sh: no patches in $here/patches" >&2; exit 1; }

if [ ! -f "$series" ]; then
	# A tree we never patched.  Refuse one that already has the changes
	# (patched by hand, or by an older glue without the record).
	# shellcheck disable=SC2086
	if patch $patchopts -R --dry-run < "$1" >/dev/null 2>&1; then
		echo "apply.sh: $tree already contains $(basename "$1")" \
		     "but has no $series; use a fresh tree" >&2
		exit 1
	fi
	mkdir -p "$state"
	: > "$series"
fi

# The recorded patches that still match the current series, in order.
keep=0
i=0
for p in "$@"; do
	i=$((i + 1))
	name=$(basename "$p")
	recorded=$(sed -n "${i}p" "$series")
	if [ "$recorded" != "$name" ] || ! cmp -s "$p" "$state/$name"; then
		break
	fi
	keep=$i
done

# Revert, last first, the recorded patches after the common prefix.
n=$(wc -l < "$series")
reverted=0
while [ "$n" -gt "$keep" ]; do
	name=$(sed -n "${n}p" "$series")
	# shellcheck disable=SC2086
	if ! out=$(patch $patchopts -R --dry-run < "$state/$name" 2>&1); then
		echo "apply.sh: cannot revert the old $name in $tree" \
		     "(changed by hand?); use a fresh tree:" >&2
		echo "$out" >&2
		exit 1
	fi
	# shellcheck disable=SC2086
	patch $patchopts -R < "$state/$name"
	echo "  REVERT  $name (changed or removed)"
	rm -f "$state/$name"
	sed -i "${n}d" "$series"
	n=$((n - 1))
	reverted=$((reverted + 1))
done

# Apply the rest of the current series.
applied=0
i=0
for p in "$@"; do
	i=$((i + 1))
	[ "$i" -le "$keep" ] && continue
	name=$(basename "$p")
	# shellcheck disable=SC2086
	if ! out=$(patch $patchopts --dry-run < "$p" 2>&1); then
		echo "apply.sh: $name does not apply to $tree" \
		     "(Linux $version.$sublevel):" >&2
		echo "$out" >&2
		exit 1
	fi
	# shellcheck disable=SC2086
	patch $patchopts < "$p"
	cp "$p" "$state/$name"
	echo "$name" >> "$series"
	echo "  PATCH   $name"
	applied=$((applied + 1))
done
# The directories the runtime patch builds from: links into this project,
# made again on every run (the project may have moved).
root=$(cd "$glue/.." && pwd)
ln -sfn "$root/runtime" "$tree/mm/kasan-plugin"
ln -sfn "$glue/seed" "$tree/mm/kasan-seed"

msg="$applied applied, $keep already there"
[ "$reverted" -eq 0 ] || msg="$msg, $reverted reverted"
echo "  PATCHES $tree (Linux $version.$sublevel): $msg"
