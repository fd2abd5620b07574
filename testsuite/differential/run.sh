#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Differential check of the kasan plugin against GCC's own
# -fsanitize=kernel-address, for one compiler.
#
#   testsuite/differential/run.sh CC OUTDIR
#
# CC is the GCC to use for both builds (gcc-12, gcc-11, ...); the plugin for
# it must be built (make GCC=CC).  OUTDIR receives the dumps, objects and
# logs (one directory per corpus group), details.txt (the fate of every
# native check), summary.json and differential.log (what is printed).
#
# Corpus: every C file of testsuite/kasan.compile (-O2), and the kernel
# files named by DIFFERENTIAL_KERNEL_OBJS (default below) compiled with
# their real kbuild command line from a tinyconfig + KASAN of CC's
# architecture (x86_64, or 32-bit ARM for arm-linux-gnueabi-gcc-N: the
# virt machine's ARMv7 multiplatform with the 3G/1G split) configured in
# build/differential-kconfig/CC (created on first use,
# reused afterwards) of the Linux 6.1 tree in build/linux-6.1-src
# (extracted from /usr/src/linux-source-6.1.tar.xz if absent; it is only
# read).  DIFFERENTIAL_KERNEL=0 leaves the kernel files out.
#
# Environment: KASAN_CC (driver, default build/bin/kasan-cc),
# DIFFERENTIAL_PLUGIN_CFLAGS (extra flags for the plugin build only, e.g.
# -D__SANITIZE_ADDRESS__ if the kernel glue rather than the plugin is to
# define it),
# KASAN_LINUX_SRC, KASAN_LINUX_TARBALL, DIFFERENTIAL_JOBS (default: number
# of CPUs), DIFFERENTIAL_VERBOSE=1 (print the fate of every check).
#
# For 32-bit ARM both builds are the kernel's: native GCC gets
# -fasan-shadow-offset=0x5f000000 --param asan-globals=1 --param
# asan-stack=1 as arch/arm's KASAN does, the plugin the same offset,
# globals and stack.
#
# Exits non-zero when a native check is neither matched nor explained, when
# the plugin emits a check with an undefined address, when a file that
# compiles natively fails with the plugin, or when the corpus is empty.
set -eu

if [ $# -ne 2 ]; then
	echo "usage: $0 CC OUTDIR" >&2
	exit 2
fi
cc=$1
outdir=$2

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kasan_cc=${KASAN_CC:-$root/build/bin/kasan-cc}
ksrc=${KASAN_LINUX_SRC:-$root/build/linux-6.1-src}
tarball=${KASAN_LINUX_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
kobj=$root/build/differential-kconfig/$cc
jobs=${DIFFERENTIAL_JOBS:-$(nproc 2>/dev/null || echo 2)}
kernel_objs=${DIFFERENTIAL_KERNEL_OBJS:-"lib/sort.o lib/bitmap.o
	lib/rbtree.o lib/hexdump.o lib/kstrtox.o lib/list_sort.o lib/xarray.o
	lib/string_helpers.o lib/vsprintf.o lib/bsearch.o lib/idr.o
	lib/radix-tree.o lib/scatterlist.o lib/siphash.o lib/iov_iter.o
	lib/seq_buf.o lib/kfifo.o lib/find_bit.o"}

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "run.sh: compiler '$cc' not found" >&2
	exit 2
fi
machine=$("$cc" -dumpmachine)
# Per target: the kernel's architecture and, for 32-bit ARM, the flags
# arch/arm's KASAN gives native GCC and their plugin equivalents.
case $machine in
x86_64-*)
	karch=x86_64 kcross= khostcc=$cc
	native_target_args= plugin_target_args= ;;
arm*-linux-gnueabi*)
	karch=arm kcross=${cc%gcc*} khostcc=gcc
	native_target_args="-fasan-shadow-offset=0x5f000000
		--param=asan-globals=1 --param=asan-stack=1"
	plugin_target_args="-fplugin-arg-kasan-shadow-offset=0x5f000000
		-fplugin-arg-kasan-globals -fplugin-arg-kasan-stack" ;;
*)
	echo "run.sh: no differential check for $cc's target $machine" \
	     "(x86_64 and 32-bit ARM only)" >&2
	exit 2 ;;
esac
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
log=$outdir/differential.log

# Everything below goes to the terminal and to differential.log.
main() {
	kernel_args=
	if [ "${DIFFERENTIAL_KERNEL:-1}" != 0 ]; then
		if prepare_kernel; then
			kernel_args="--kernel-objdir $kobj"
		else
			echo "run.sh: kernel corpus unavailable (see above);" \
			     "comparing the testsuite files only"
		fi
	fi
	# shellcheck disable=SC2086
	python3 "$here/corpus.py" --testsuite "$root/testsuite/kasan.compile" \
		$kernel_args --kernel-objs "$(echo $kernel_objs)" \
		-o "$outdir/corpus.json"
	verbose=
	[ "${DIFFERENTIAL_VERBOSE:-0}" = 1 ] && verbose=-v
	plugin_args=
	for a in $plugin_target_args ${DIFFERENTIAL_PLUGIN_CFLAGS:-}; do
		plugin_args="$plugin_args --plugin-arg=$a"
	done
	for a in $native_target_args; do
		plugin_args="$plugin_args --native-arg=$a"
	done
	# shellcheck disable=SC2086
	python3 "$here/compare.py" --cc "$cc" --kasan-cc "$kasan_cc" \
		--outdir "$outdir" --corpus "$outdir/corpus.json" \
		--jobs "$jobs" $verbose $plugin_args >"$outdir/compare.out" 2>&1
	st=$?
	cat "$outdir/compare.out"
	# The checker's own test: damaged copies of GCC's dumps must be
	# reported (see selftest.py).
	python3 "$here/selftest.py" "$outdir" "${DIFFERENTIAL_SELFTEST:-40}" \
		>"$outdir/selftest.log" 2>&1 || {
		echo "run.sh: the checker's self-test failed, see" \
		     "$outdir/selftest.log"
		st=1
	}
	grep '^selftest: .*mutants' "$outdir/selftest.log" || true
	# the summary line last
	grep '^differential ' "$outdir/compare.out" 2>/dev/null | tail -1
	return $st
}

# Configure (once) and build the chosen objects with kbuild, so that their
# .cmd files hold the exact command lines; both steps are incremental.
prepare_kernel() {
	if [ ! -f "$ksrc/Makefile" ]; then
		if [ ! -f "$tarball" ]; then
			echo "run.sh: no kernel tree at $ksrc and no $tarball"
			return 1
		fi
		echo "run.sh: extracting $tarball to $ksrc"
		mkdir -p "$(dirname "$ksrc")"
		tmp=$(mktemp -d "$(dirname "$ksrc")/.linux-extract.XXXXXX")
		tar xf "$tarball" -C "$tmp"
		# another job may have extracted it meanwhile
		if [ ! -f "$ksrc/Makefile" ]; then
			mv "$tmp"/linux-source-* "$ksrc" 2>/dev/null || true
		fi
		rm -rf "$tmp"
		[ -f "$ksrc/Makefile" ] || return 1
	fi
	mkdir -p "$kobj"
	(
		flock 9
		kmake() {
			make -C "$ksrc" -s O="$kobj" ARCH=$karch CC="$cc" \
				CROSS_COMPILE="$kcross" HOSTCC="$khostcc" "$@"
		}
		if [ ! -f "$kobj/.config" ] || [ ! -f "$kobj/.differential" ]; then
			echo "run.sh: configuring tinyconfig + KASAN (outline) in $kobj"
			kmake tinyconfig >"$kobj/config.log" 2>&1 || exit 1
			# KASAN needs SLUB and SYSFS; -O2 as in distribution kernels
			"$ksrc/scripts/config" --file "$kobj/.config" \
				-d SLOB -e SLUB -e SYSFS -e KASAN -e KASAN_GENERIC \
				-e KASAN_OUTLINE -d CC_OPTIMIZE_FOR_SIZE \
				-e CC_OPTIMIZE_FOR_PERFORMANCE
			# ARM: KASAN needs the MMU, and no XIP kernel
			[ "$karch" != arm ] || "$ksrc/scripts/config" \
				--file "$kobj/.config" -e MMU -e ARCH_MULTI_V7 \
				-e ARCH_VIRT -e AEABI -d XIP_KERNEL -e VMSPLIT_3G
			kmake olddefconfig >>"$kobj/config.log" 2>&1 || exit 1
			grep -q '^CONFIG_KASAN_GENERIC=y' "$kobj/.config" || {
				echo "run.sh: KASAN did not stay on in $kobj/.config"
				exit 1; }
			touch "$kobj/.differential"
		fi
		# shellcheck disable=SC2086
		kmake -j"$jobs" $kernel_objs >"$kobj/build.log" 2>&1 || {
			echo "run.sh: kernel object build failed, see $kobj/build.log"
			tail -20 "$kobj/build.log"
			exit 1
		}
	) 9>"$kobj.lock"
}

# Run main with its output copied to the log; keep its exit status.
status_file=$outdir/.status
( set +e; main; echo $? >"$status_file" ) 2>&1 | tee "$log"
status=$(cat "$status_file" 2>/dev/null || echo 1)
rm -f "$status_file"
exit "$status"
