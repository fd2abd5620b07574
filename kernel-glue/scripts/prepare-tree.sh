#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# prepare-tree.sh VERSION TREE: extract Debian's linux-source-VERSION
# tarball (/usr/src/linux-source-VERSION.tar.xz, or KERNEL_TARBALL) into
# TREE (once; a stamp file records it) and apply the kasan-plugin patches
# of that version to it (apply.sh, idempotent).
#
# VERSION must have a glue directory (kernel-glue/linux-VERSION/), checked
# before anything is extracted so that an unsupported version fails with
# the list of supported ones.  TREE is our own patched copy; an existing
# directory without our stamp is refused rather than overwritten, and so is
# a tree of another version than VERSION.  KERNEL_ARCH (the architectures
# the tree is for) goes to apply.sh.
set -eu

glue=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel-glue/scripts/versions.sh
. "$glue/scripts/versions.sh"
if [ $# -ne 2 ]; then
	echo "usage: $0 VERSION TREE" >&2
	exit 2
fi
version=$1
tree=$2
glue_dir "$version" "prepare-tree" > /dev/null || exit 1
tarball=${KERNEL_TARBALL:-/usr/src/linux-source-$version.tar.xz}
stamp=$tree/.kasan-glue-extracted

# One preparation at a time (a lock file beside the tree).
mkdir -p "$(dirname "$tree")"
exec 9> "$tree.lock"
if ! flock -n 9; then
	echo "  WAIT    another run is preparing $tree"
	flock 9
fi

if [ ! -f "$stamp" ]; then
	if [ -e "$tree" ]; then
		echo "prepare-tree: $tree exists but was not extracted by the" \
		     "kernel glue (no $stamp); remove it or choose another" \
		     "tree" >&2
		exit 1
	fi
	if [ ! -f "$tarball" ]; then
		echo "prepare-tree: no kernel tarball $tarball" \
		     "(package linux-source-$version)" >&2
		exit 1
	fi
	echo "  EXTRACT $tarball -> $tree"
	tmp=$tree.tmp.$$
	rm -rf "$tmp"
	mkdir -p "$tmp"
	tar -xJf "$tarball" -C "$tmp" --strip-components=1
	echo "$tarball" > "$tmp/.kasan-glue-extracted"
	mv "$tmp" "$tree"
fi

got=$(tree_version "$tree")
if [ "$got" != "$version" ]; then
	echo "prepare-tree: $tree is Linux ${got:-of unknown version}, not" \
	     "$version (from $(cat "$stamp"))" >&2
	exit 1
fi
exec sh "$glue/scripts/apply.sh" "$tree"
