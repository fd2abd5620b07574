# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=sh
#
# arches.sh: which architectures the glue supports, for which Linux
# versions, and each one's settings, in one place for apply.sh,
# build-kernel.sh, run-variant.sh, kernel-runs.sh and qemu/boot.sh
# (sourced after versions.sh, which wants $glue).
#
# An architecture ARCH is supported when kernel-glue/arch/ARCH/ exists: its
# arch.conf (kernel ARCH, CROSS_COMPILE, base config, boot image, QEMU
# command, busybox, its KASAN_SANITIZE := n objects), its kasan.config
# fragment and arch.mk (kernel.mk's compiler and plugin for it).  It runs
# Linux X.Y when kernel-glue/linux-X.Y/ARCH/ exists too: a file there
# (kasan_test.expected, kasan_seed.expected, OFF.override, kasan.config)
# takes the place of linux-X.Y/'s file of the same name, so the
# version-and-arch layer holds only what differs.  x86_64, the glue's
# first architecture, is the default, and the only one without the arch
# in its build directories' and tests' names.

: "${glue:?arches.sh: set glue to the kernel-glue directory first}"

DEFAULT_ARCH=x86_64

# The supported architectures, space-separated, sorted.
glue_arches() {
	for d in "$glue"/arch/*/; do
		[ -f "$d/arch.conf" ] || continue
		d=${d%/}
		echo "${d##*/}"
	done | sort | tr '\n' ' ' | sed 's/ $//'
}

# version_arches VERSION: the architectures that run Linux VERSION.
version_arches() {
	for a in $(glue_arches); do
		[ -d "$glue/linux-$1/$a" ] && echo "$a"
	done | tr '\n' ' ' | sed 's/ $//'
}

# load_arch ARCH WHO: source arch/ARCH/arch.conf (KARCH, SRCARCH, CROSS_COMPILE,
# BASE_CONFIG, IMAGE, QEMU, QEMU_MACHINE, QEMU_SMP, CONSOLE, BUSYBOX,
# UNINSTRUMENTED, OWN_STACK_WALK), or a message naming the supported ones
# and status 1.
load_arch() {
	if [ -z "$1" ] || [ ! -f "$glue/arch/$1/arch.conf" ]; then
		echo "$2: no glue for architecture '${1:-}' (no" \
		     "kernel-glue/arch/${1:-ARCH}/arch.conf); supported:" \
		     "$(glue_arches)" >&2
		return 1
	fi
	# shellcheck source=kernel-glue/arch/x86_64/arch.conf
	. "$glue/arch/$1/arch.conf"
}

# pair_dir VGLUE ARCH WHO: VGLUE/ARCH (linux-X.Y/ARCH), or a message
# naming the architectures of that version and status 1.
pair_dir() {
	if [ -d "$1/$2" ]; then
		echo "$1/$2"
		return 0
	fi
	v=${1##*/linux-}
	echo "$3: no glue for Linux $v on $2 (no kernel-glue/linux-$v/$2/);" \
	     "architectures for $v: $(version_arches "$v")" >&2
	return 1
}

# glue_file VGLUE ARCH NAME: linux-X.Y/ARCH/NAME if there, else
# linux-X.Y/NAME (which may not exist either).
glue_file() {
	if [ -e "$1/$2/$3" ]; then
		echo "$1/$2/$3"
	else
		echo "$1/$3"
	fi
}

# arch_suffix ARCH: "-ARCH" for the names of ARCH's build directories and
# tests, "" for the default architecture (whose names predate arches).
arch_suffix() {
	[ "$1" = "$DEFAULT_ARCH" ] || echo "-$1"
}
