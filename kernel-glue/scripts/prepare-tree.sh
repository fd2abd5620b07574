#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# prepare-tree.sh TARBALL TREE: extract Debian's linux-source-6.1 tarball
# into TREE (once; a stamp file records it) and apply the kasan-plugin
# patches to it (linux-6.1/apply.sh, idempotent).
#
# TREE is our own patched copy; an existing directory without our stamp is
# refused rather than overwritten.
set -eu

glue=$(cd "$(dirname "$0")/.." && pwd)
tarball=$1
tree=$2
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
		     "KERNEL_TREE" >&2
		exit 1
	fi
	if [ ! -f "$tarball" ]; then
		echo "prepare-tree: no kernel tarball $tarball" \
		     "(package linux-source-6.1)" >&2
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

exec sh "$glue/linux-6.1/apply.sh" "$tree"
