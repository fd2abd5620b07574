#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# build-kernel.sh TREE OUT MODE COMPILER: configure and build one KASan
# test kernel out of tree (make O=OUT), incrementally on a rerun.
#
#   MODE      inline | outline
#   COMPILER  plugin: CC=bin/no-native-kasan-gcc (REAL_CC, default gcc) with
#                     KASAN_PLUGIN=<kasan.so> (required) and
#                     KASAN_PLUGIN_FLAGS (optional); KASAN_CC_SHIM names
#                     another copy of the shim, e.g. the one of the
#                     checkout that made OUT: kbuild rebuilds every object
#                     whose command line changed, the shim's path included
#             native: CC=$REAL_CC, GCC's own -fsanitize=kernel-address
#             none:   CC=$REAL_CC, the same config without KASan or KUnit
#
# KERNEL_ARCH (default x86_64) is the architecture: kernel-glue/arch/ARCH/
# gives the kernel's ARCH, CROSS_COMPILE, the base config and the boot
# image (arches.sh); REAL_CC defaults to ${CROSS_COMPILE}gcc.
#
# The config is the arch's base config (tinyconfig for x86_64, allnoconfig
# for arm) + configs/kasan.config + arch/ARCH/kasan.config + the tree's
# version's linux-X.Y/kasan.config and linux-X.Y/ARCH/kasan.config (each
# if there: what that version needs more, e.g. a symbol KASAN depends on)
# + configs/MODE.config + configs/COMPILER.config
# + configs/runtime-RUNTIME.config (KASAN_RUNTIME, own or mainline; default
# own) + configs/scenarios.config when KERNEL_SCENARIOS names guest
# scenarios (qemu/scenarios/: the system calls, users and fault injection
# they need) + KERNEL_FRAGMENTS (more fragment files, space-separated, e.g.
# configs/x86_64-5level-hotplug.config: a test kernel with more options),
# made again only when these or the compiler change; every value they
# ask for is checked in the resulting .config.  The tree must be of a
# version the glue supports on that arch (versions.sh, arches.sh).
# Writes OUT/kasan-glue-build.txt (build time; whether it was a full build;
# the arch and CROSS_COMPILE, for the tools that read the objects)
# and the make output to OUT/build.log.  KERNEL_JOBS (default 2) is make's
# -j.  Prints a progress line every 30 s.
#
# Every compiler (plugin, native, none) builds with KCFLAGS=-fstack-usage:
# gcc writes each C object's frame sizes beside it (OUT/dir/file.su, one
# "file:line:col:function<TAB>bytes<TAB>static|dynamic[,bounded]" line per
# function), which compare.py reads.  KCFLAGS goes onto every C object's
# command line, the .cmd files included, but none of check-cmd-flags.py's
# KASan patterns matches it; a build directory made without it is rebuilt
# once (kbuild sees the command line change).
set -eu

glue=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel-glue/scripts/versions.sh
. "$glue/scripts/versions.sh"
# shellcheck source=kernel-glue/scripts/arches.sh
. "$glue/scripts/arches.sh"
if [ $# -ne 4 ]; then
	echo "usage: $0 TREE OUT inline|outline plugin|native|none" >&2
	exit 2
fi
tree=$(cd "$1" && pwd)
out=$2
mode=$3
compiler=$4
jobs=${KERNEL_JOBS:-2}
arch=${KERNEL_ARCH:-$DEFAULT_ARCH}
load_arch "$arch" build-kernel || exit 1
# KERNEL_CONFIG (default the arch's BASE_CONFIG, tinyconfig or allnoconfig)
# is the config the fragments go onto, e.g. defconfig: a kernel as its
# developers build it.  configs/base-KERNEL_CONFIG.config, if there, is
# merged first (what that base needs for the glue).
BASE_CONFIG=${KERNEL_CONFIG:-$BASE_CONFIG}
real_cc=${REAL_CC:-${CROSS_COMPILE}gcc}
runtime=${KASAN_RUNTIME:-own}
name="$compiler-$runtime-$mode"
vglue=$(tree_glue_dir "$tree" build-kernel) || exit 1
pair_dir "$vglue" "$arch" build-kernel > /dev/null || exit 1
# The arch's fragment and the version's own (and the version's for this
# arch), merged right after the common one.
common="$glue/configs/kasan.config $glue/arch/$arch/kasan.config"
[ ! -f "$glue/configs/base-$BASE_CONFIG.config" ] ||
	common="$glue/configs/base-$BASE_CONFIG.config $common"
for f in "$vglue/kasan.config" "$vglue/$arch/kasan.config"; do
	[ ! -f "$f" ] || common="$common $f"
done
image_target=${IMAGE##*/}

case "$mode" in inline|outline) ;; *)
	echo "build-kernel: mode must be inline or outline, not '$mode'" >&2; exit 2 ;;
esac
case "$runtime" in own|mainline) ;; *)
	echo "build-kernel: KASAN_RUNTIME must be own or mainline, not '$runtime'" >&2
	exit 2 ;;
esac

# A clean environment for kbuild: nothing from an outer make.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES GNUMAKEFLAGS
case "$compiler" in
plugin)
	plugin=${KASAN_PLUGIN:?build-kernel: plugin build needs KASAN_PLUGIN=/path/to/kasan.so}
	[ -f "$plugin" ] || { echo "build-kernel: no plugin $plugin" >&2; exit 1; }
	plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
	# Kconfig's cc-option would quietly turn KASAN off with a plugin of
	# another GCC (a cross compiler's, another version's): say so now,
	# with the plugin's own error, which names both GCCs.  (An offset
	# that fits any target, as a 32-bit one may have no default.)
	if ! err=$(echo 'int x;' | "$real_cc" -fplugin="$plugin" \
			-fplugin-arg-kasan-shadow-offset=0x20000000 -x c -S \
			-o /dev/null - 2>&1); then
		echo "build-kernel: $real_cc cannot load $plugin" \
		     "(build the plugin for it: make GCC=$real_cc plugin):" >&2
		echo "$err" >&2
		exit 1
	fi
	export REAL_CC="$real_cc"
	set -- CC="${KASAN_CC_SHIM:-$glue/bin/no-native-kasan-gcc}" KASAN_PLUGIN="$plugin" \
		KASAN_PLUGIN_FLAGS="${KASAN_PLUGIN_FLAGS:-}"
	ident="plugin $plugin $real_cc $arch"
	;;
native|none)
	unset KASAN_PLUGIN KASAN_PLUGIN_FLAGS REAL_CC
	set -- CC="$real_cc"
	ident="$compiler $real_cc $arch"
	;;
*)
	echo "build-kernel: compiler must be plugin, native or none, not '$compiler'" >&2
	exit 2 ;;
esac

mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$out/build.log
kmake() {
	make -C "$tree" O="$out" ARCH="$KARCH" CROSS_COMPILE="$CROSS_COMPILE" "$@"
}

if [ "$compiler" = none ]; then
	# The same kernel without KASan (for benchmarks): the kasan.config
	# fragments less their KASAN and KUNIT lines; mode and runtime mean
	# nothing.
	name=none
	# shellcheck disable=SC2086
	cat $common | grep -v -E 'CONFIG_(KASAN|KUNIT)' \
		> "$out/kasan-glue-none.config"
	fragments="$out/kasan-glue-none.config"
else
	fragments="$common $glue/configs/$mode.config \
		$glue/configs/$compiler.config $glue/configs/runtime-$runtime.config"
	[ -z "${KERNEL_SCENARIOS:-}" ] ||
		fragments="$fragments $glue/configs/scenarios.config"
fi
for f in ${KERNEL_FRAGMENTS:-}; do
	[ -f "$f" ] || { echo "build-kernel: no config fragment $f" >&2; exit 1; }
	fragments="$fragments $(cd "$(dirname "$f")" && pwd)/$(basename "$f")"
done
# shellcheck disable=SC2086
want=$( (cat $fragments; echo "$ident") | sha1sum | cut -c1-40)
stamp=$out/.kasan-glue-config
if [ ! -f "$out/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	echo "  CONFIG  $name ($arch): $BASE_CONFIG + $(for f in $fragments; do echo "${f#"$glue"/}"; done | tr '\n' ' ')"
	rm -f "$stamp"
	{
		kmake "$@" "$BASE_CONFIG"
		# shellcheck disable=SC2086
		"$tree/scripts/kconfig/merge_config.sh" -m -O "$out" \
			"$out/.config" $fragments
		kmake "$@" olddefconfig
	} > "$out/config.log" 2>&1 || {
		tail -n 30 "$out/config.log" >&2
		echo "build-kernel: configuring $name failed (see $out/config.log)" >&2
		exit 1
	}
	# Every value asked for must be in the result: Kconfig drops what
	# it cannot satisfy (KASAN without a usable compiler, for one).
	bad=0
	# shellcheck disable=SC2086
	for line in $(cat $fragments | sed -n \
		-e 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)$/\1/p' \
		-e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/p'); do
		sym=${line%%=*}
		val=${line#*=}
		got=$(sed -n "s/^$sym=//p" "$out/.config")
		[ -n "$got" ] || got=n
		if [ "$got" != "$val" ]; then
			echo "build-kernel: $name: asked for $sym=$val, got $sym=$got" >&2
			bad=1
		fi
	done
	if [ "$bad" -ne 0 ]; then
		echo "build-kernel: $name: the config lacks requested values" \
		     "(see $out/config.log); for a plugin build, is" \
		     "KASAN_PLUGIN loadable by $real_cc?" >&2
		exit 1
	fi
	echo "$want" > "$stamp"
fi

full=0
[ -f "$out/vmlinux" ] || full=1
kind=incremental
[ "$full" -eq 1 ] && kind=full
echo "  BUILD   $name ($arch, $kind, make -j$jobs $image_target modules; log $log)"
start=$(date +%s)
kmake "$@" KCFLAGS=-fstack-usage -j"$jobs" "$image_target" modules > "$log" 2>&1 &
pid=$!
last=$start
while kill -0 "$pid" 2>/dev/null; do
	sleep 2
	now=$(date +%s)
	if [ $((now - last)) -ge 30 ]; then
		last=$now
		n=$(grep -c '^  CC ' "$log" || true)
		echo "  ...     $name: $((now - start)) s, $n files compiled"
	fi
done
status=0
wait "$pid" || status=$?
end=$(date +%s)
if [ "$status" -ne 0 ]; then
	grep -E 'error|Error' "$log" | head -n 20 >&2 || true
	tail -n 20 "$log" >&2
	echo "build-kernel: building $name failed (see $log)" >&2
	exit 1
fi
n=$(grep -c '^  CC ' "$log" || true)
echo "  BUILT   $name in $((end - start)) s ($n files compiled)"
{
	echo "seconds=$((end - start))"
	echo "full=$full"
	echo "compiled=$n"
	echo "arch=$arch"
	echo "cross_compile=$CROSS_COMPILE"
} > "$out/kasan-glue-build.txt.new"
# Keep the time of the last full build next to the last build's.
if [ "$full" -eq 1 ]; then
	echo "full_seconds=$((end - start))" >> "$out/kasan-glue-build.txt.new"
elif [ -f "$out/kasan-glue-build.txt" ]; then
	grep '^full_seconds=' "$out/kasan-glue-build.txt" \
		>> "$out/kasan-glue-build.txt.new" || true
fi
mv "$out/kasan-glue-build.txt.new" "$out/kasan-glue-build.txt"
