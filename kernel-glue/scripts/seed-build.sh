#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seed-build.sh FROM TO [TREE]: start the build directory TO of a KASan
# kernel from a copy of FROM, a finished build of the same compiler and
# config but with the other KASan runtime, so that kbuild rebuilds only
# what the runtime's choice touches.  TREE is the tree TO builds from
# (default FROM's, its "source" link): another patched copy of the same
# sources (the same tarball; patches that differ in Makefiles and Kconfig
# only, or in the runtime), e.g. one whose runtime is a branch's.  For the big configs (CONFIG=defconfig,
# ~30-60 min a build on 2 cores): the own-runtime kernel differs from the
# mainline-runtime one in CONFIG_KASAN_RUNTIME_MAINLINE/OWN alone, which
# only Makefiles test (mm/Makefile, mm/kasan/Makefile and the arch's
# mm/Makefile, patch 0004).
#
# Why the incremental rebuild is right: cp -a keeps the timestamps, so
# kbuild's usual checks decide.  build-kernel.sh sees another config
# (its stamp hashes the fragments) and makes it again; syncconfig touches
# include/config/<SYMBOL> for each symbol whose value changed, and every
# object whose sources test one (fixdep's dependencies) is rebuilt, as is
# every object whose command line changed.  What kbuild would not remove is
# the objects of the runtime no longer built (a stale mm/kasan/generic.o
# would make check-cmd-flags.py see both runtimes): the directories and
# files the runtime chooses between are deleted here, mm/kasan/,
# mm/kasan-plugin/ and the arch's uninstrumented shadow set-up (arch.conf's
# UNINSTRUMENTED), and built again from nothing; and the host tools'
# command lines name the new directory (see below).  The build's own list of
# what it compiled (build.log) then shows what the change cost; TO gets
# kasan-glue-seed.txt (where it came from), which build-kernel.sh's
# kasan-glue-build.txt complements.
#
# Another tree: every command line and dependency list names the tree by
# its absolute path, so each is rewritten to name TREE; kbuild then checks
# the dependencies against TREE's files, whose timestamps are the
# tarball's (tar keeps them) but for what the patches changed: in
# 6.1's patches only Makefiles, Kconfig and ARM sources, which no x86
# object depends on.  The runtime's directory is rebuilt anyway.
#
# Does nothing when TO already has a vmlinux (it is built) or FROM has
# none once any build of it under way is done (nothing to start from: TO
# is then built in full).  KERNEL_ARCH as
# for build-kernel.sh.
set -eu

glue=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel-glue/scripts/arches.sh
. "$glue/scripts/arches.sh"
if [ $# -ne 2 ] && [ $# -ne 3 ]; then
	echo "usage: $0 FROM TO [TREE]" >&2
	exit 2
fi
from=$1
to=$2
load_arch "${KERNEL_ARCH:-$DEFAULT_ARCH}" seed-build || exit 2
[ ! -f "$to/vmlinux" ] || exit 0
# A build of FROM under way (its lock held) is waited for: starting from
# it once it is done costs far less than building TO in full beside it.
[ ! -f "$from/.kasan-glue.lock" ] || flock "$from/.kasan-glue.lock" true
[ -f "$from/vmlinux" ] || exit 0
echo "  SEED    $to from $from (the other runtime's build)"
tmp=$to.seed.$$
rm -rf "$tmp"
# FROM's lock (run-variant.sh's): no make in it while it is copied.
flock "$from/.kasan-glue.lock" cp -a "$from" "$tmp"
# The results of FROM's runs, and its build time, are not TO's.
rm -f "$tmp"/serial*.log "$tmp"/results*.json "$tmp"/kernel.sum \
	"$tmp"/initramfs.cpio "$tmp"/kasan-glue-boot*.txt \
	"$tmp"/kasan-objects.txt "$tmp"/.kasan-glue.lock \
	"$tmp"/kasan-glue-build.txt
rm -rf "$tmp/mm/kasan" "$tmp/mm/kasan-plugin"
for obj in $UNINSTRUMENTED; do
	d=$(dirname "$obj")
	b=$(basename "$obj" .o)
	rm -f "$tmp/$d/$b".* "$tmp/$d/.$b".*
done
# The host tools (objtool) are built with absolute paths to the build
# directory in their command lines: were they rebuilt for the new path,
# every object that objtool checks would be rebuilt after them.  The
# kernel's own command lines are relative to it.
from_abs=$(cd "$from" && pwd)
mkdir -p "$to"
to_abs=$(cd "$to" && pwd)
find "$tmp/tools" -type f \( -name '.*.cmd' -o -name '.*.d' \) \
	-exec grep -l -F "$from_abs/" {} + 2>/dev/null |
	while read -r f; do
		sed -i "s|$from_abs/|$to_abs/|g" "$f"
	done
old_tree=$(readlink "$from/source")
new_tree=$(cd "${3:-$old_tree}" && pwd)
if [ "$old_tree" != "$new_tree" ]; then
	echo "  SEED    the tree: $old_tree -> $new_tree"
	find "$tmp" -type f \( -name '.*.cmd' -o -name '.*.d' -o -name 'auto.conf.cmd' \) \
		-exec grep -l -F "$old_tree/" {} + 2>/dev/null |
		while read -r f; do
			sed -i "s|$old_tree/|$new_tree/|g" "$f"
		done
	ln -sfn "$new_tree" "$tmp/source"
fi
rm -rf "$to"
mv "$tmp" "$to"
{
	echo "seeded_from=$(cd "$from" && pwd)"
	echo "tree=$new_tree"
	echo "seeded_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$to/kasan-glue-seed.txt"
