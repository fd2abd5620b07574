#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# kernel-runs.sh check|test MODE...: the body of "make kernel-check" and
# "make kernel-test" (kernel.mk) for one Linux version, the one of
# KERNEL_TREE, on one architecture, KERNEL_ARCH (default x86_64), once the
# tree is patched and the plugin built.  kernel.mk runs it once per
# version and architecture, each with its own tree, build prefix
# (build/kernel-X.Y[-ARCH]) and COMPARE_JSON.
#
#   test   the plugin kernels of each MODE with KASAN_RUNTIME's runtime
#          (run-variant.sh), the feature-off plugin kernels, native GCC
#          kernels with the runtime for the modes in KERNEL_TEST_NATIVE,
#          then the count of their kernel.sum files (testsuite/summary.sh)
#   check  the plugin kernels, the feature-off plugin kernels, native GCC
#          kernels with the same runtime and, for KASAN_RUNTIME=own, with
#          mainline's (the reference), the side-by-side (compare.py,
#          COMPARE_JSON) and a summary
#
# The feature-off kernels: for each OFF in KERNEL_FEATURE_OFF (no-globals,
# no-stack, no-use-after-scope, no-use-after-return; kernel.mk gives them
# when inline is one of the MODEs, the last with our runtime only), an
# inline plugin kernel with -fplugin-arg-kasan-OFF, in
# PREFIX-plugin-RUNTIME-inline-OFF.  Its expectations are the usual ones
# with linux-X.Y/OFF.override: the cases that need the feature must fail
# (run-variant.sh).
#
# With KERNEL_CONFIG (CONFIG=defconfig, check only), the kernels of each
# MODE are four: plugin and native GCC, each with each runtime in
# KERNEL_CONFIG_RUNTIMES (default "mainline own"), in that order, each
# own-runtime kernel's build started from the mainline one's
# (seed-build.sh); no feature-off kernels, no uninstrumented one, no
# side-by-side; the guest scenarios (run-variant.sh) run; the summary gives per kernel its build time, its C objects
# instrumented and not, its compiler errors and its boots (config_run).
#
# Every variant runs even when an earlier one failed; the exit status is 1
# if anything was unexpected.  Environment: KERNEL_ARCH, KERNEL_TREE,
# KERNEL_BUILD_PREFIX, COMPARE_JSON, KASAN_PLUGIN, KASAN_PLUGIN_FLAGS,
# REAL_CC, KERNEL_JOBS, KASAN_RUNTIME, KERNEL_TEST_NATIVE,
# KERNEL_FEATURE_OFF, KERNEL_CONFIG, KERNEL_CONFIG_RUNTIMES,
# KERNEL_SCENARIOS (every kernel's guest scenarios), KERNEL_MODE_SCENARIOS
# (MODE=NAME,... : more for the plugin kernel of MODE; kernel-test's short
# Trinity run) and what run-variant.sh reads.
set -u

glue=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$glue/.." && pwd)
# shellcheck source=kernel-glue/scripts/versions.sh
. "$glue/scripts/versions.sh"
# shellcheck source=kernel-glue/scripts/arches.sh
. "$glue/scripts/arches.sh"
action=$1
shift
tree=${KERNEL_TREE:?}
vglue=$(tree_glue_dir "$tree" kernel-runs) || exit 1
arch=${KERNEL_ARCH:-$DEFAULT_ARCH}
export KERNEL_ARCH="$arch"
pair_dir "$vglue" "$arch" kernel-runs > /dev/null || exit 1
# The version as the messages name it: "6.1", or "6.1 arm".
version=${vglue##*/linux-}
suffix=$(arch_suffix "$arch")
version="$version${suffix:+ $arch}"
prefix=${KERNEL_BUILD_PREFIX:?}
runtime=${KASAN_RUNTIME:-own}
status=0

# The variants: COMPILER-RUNTIME-MODE[-OFF], each in
# PREFIX-COMPILER-RUNTIME-MODE[-OFF].
variants=
run() {	# COMPILER RUNTIME MODE [OFF]
	d=$prefix-$1-$2-$3${4:+-$4}
	variants="$variants $d"
	if [ "$1" = plugin ]; then
		sc=${KERNEL_SCENARIOS:-}
		# kernel-test's own scenarios are for its kernels, not a
		# config run's (which runs every scenario already).
		[ -n "${4:-}" ] || [ -n "${KERNEL_CONFIG:-}" ] ||
			for e in ${KERNEL_MODE_SCENARIOS:-}; do
				case $e in "$3="*) sc="$sc ${e#*=}" ;; esac
			done
		echo "== kernel $version: plugin ${KASAN_PLUGIN:?}, $3, runtime $2${KASAN_PLUGIN_FLAGS:+, flags $KASAN_PLUGIN_FLAGS}${4:+, feature off: $4}"
		KERNEL_SCENARIOS=$sc KASAN_RUNTIME=$2 RUNTIME_OFF_BOOT=${off_boot:-} \
			sh "$glue/scripts/run-variant.sh" "$tree" "$d" "$3" plugin ${4:+"$4"} ||
			status=1
	else
		echo "== kernel $version: native GCC KASan (${REAL_CC:-gcc}, no shim, no plugin), $3, runtime $2"
		KASAN_RUNTIME=$2 KASAN_PLUGIN='' KASAN_PLUGIN_FLAGS='' \
			sh "$glue/scripts/run-variant.sh" "$tree" "$d" "$3" native ||
			status=1
	fi
}

# check_verdict: kernel-check's last line, and its exit status.
check_verdict() {
	if [ "$status" -ne 0 ]; then
		echo "kernel-check $version: FAILED (unexpected results above)"
	else
		echo "kernel-check $version: all as expected"
	fi
	exit "$status"
}

# config_summary DIR: one kernel of a config run, in a few lines.
config_summary() {
	d=$1
	b="$d/kasan-glue-build.txt"
	secs=$(sed -n 's/^full_seconds=//p' "$b" 2>/dev/null)
	last=$(sed -n 's/^seconds=//p' "$b" 2>/dev/null)
	seed=$(sed -n 's/^seeded_from=//p' "$d/kasan-glue-seed.txt" 2>/dev/null)
	compiled=$(sed -n 's/^compiled=//p' "$b" 2>/dev/null)
	if [ -n "$secs" ]; then build="full build $secs s"
	elif [ -n "$seed" ]; then build="from ${seed##*/}: $last s, $compiled files compiled"
	else build="built ${last:-?} s (incremental)"; fi
	objs=$(sed -n 's/.*\(C objects: [0-9]* instrumented, [0-9]* not\).*/\1/p' \
		"$d/kernel.sum" 2>/dev/null)
	errs=$(grep -c -E 'error:|internal compiler error' "$d/build.log" 2>/dev/null || true)
	echo "  $(basename "$d"): $build; ${objs:-C objects: ?}; compiler errors: ${errs:-?}"
	for j in "$d"/results*.json; do
		[ -f "$j" ] || continue
		python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r["counts"]
seed = r["seed"]["unexpected"]
print("    %-40s kasan %d/%d/%d (pass/fail/skip), missing %d; unexpected %d"
      " (seed %d); stray reports %d" % (
          r["label"], c["pass"], c["fail"], c["skip"], c["missing"],
          len(r["unexpected"]), len(seed), len(r["stray_reports"])))
PY
	done
	grep -h -E '(paging|boot) \(' "$d/kernel.sum" 2>/dev/null | sed 's/^/    /'
}

# config_run MODE...: the kernels of a config run, then its summary.
# Each boot runs the guest scenarios (KERNEL_SCENARIOS, default every
# kernel-glue/qemu/scenarios/NAME.sh that needs no boot of its own).
config_run() {
	if [ -z "${KERNEL_SCENARIOS+set}" ]; then
		# Not those that need a boot of their own (a kasan-glue-append
		# line: pressure's mem=192M would starve every other one).
		KERNEL_SCENARIOS=$(for f in "$glue"/qemu/scenarios/*.sh; do
			[ "${f##*/}" != lib.sh ] || continue
			[ ! -f "$f" ] || grep -q '^# *kasan-glue-append:' "$f" ||
				basename "$f" .sh; done | paste -s -d, -)
		export KERNEL_SCENARIOS
	fi
	for m in "$@"; do
		for r in ${KERNEL_CONFIG_RUNTIMES:-mainline own}; do
			for c in plugin native; do
				[ "$r" = mainline ] || [ ! -d "$prefix-$c-mainline-$m" ] ||
					sh "$glue/scripts/seed-build.sh" \
						"$prefix-$c-mainline-$m" "$prefix-$c-$r-$m" ||
					status=1
				run "$c" "$r" "$m"
			done
		done
	done
	echo "== kernel $version: summary"
	for d in $variants; do
		config_summary "$d"
		grep -h '^FAIL' "$d/kernel.sum" 2>/dev/null | head -n 8 | sed 's/^/    /'
	done
	check_verdict
}

if [ -n "${KERNEL_CONFIG:-}" ]; then
	[ "$action" = check ] || {
		echo "kernel-runs: KERNEL_CONFIG is for check only" >&2
		exit 2
	}
	config_run "$@"
fi

# A full run (feature-off kernels asked for) boots the inline plugin
# kernel with our runtime once more, its own detections off
# (run-variant.sh, linux-X.Y/runtime-off.override).
full=
for off in ${KERNEL_FEATURE_OFF:-}; do
	full=1
done
for m in "$@"; do
	off_boot=
	[ "$m" != inline ] || off_boot=$full
	run plugin "$runtime" "$m"
done
off_boot=
# The cases that need a plugin feature fail without it.
for off in ${KERNEL_FEATURE_OFF:-}; do
	run plugin "$runtime" inline "$off"
done

if [ "$action" = test ]; then
	# The runtime serves both compilers: a native GCC kernel too.
	for m in ${KERNEL_TEST_NATIVE:-}; do
		run native "$runtime" "$m"
	done
	sums=
	for d in $variants; do
		f=$d/kernel.sum
		[ -f "$f" ] || echo "ERROR: kernel $(basename "$d"): no results" > "$f"
		sums="$sums $f"
	done
	# shellcheck disable=SC2086
	sh "$root/testsuite/summary.sh" $sums | sed "s/^/kernel-test $version: /"
	exit $status
fi

# The reference is native GCC with mainline's runtime; with our runtime,
# native GCC with ours too (the runtime serves both compilers).
for m in "$@"; do
	run native "$runtime" "$m"
	[ "$runtime" = mainline ] || run native mainline "$m"
done

# The same config without KASan (bench-kernel's PREFIX-none, only built):
# the base of the side-by-side's stack usage and section growth.
none=$prefix-none
echo "== kernel $version: uninstrumented reference (${REAL_CC:-gcc}, no KASan, no KUnit), $none"
mkdir -p "$none"
flock "$none/.kasan-glue.lock" \
	sh "$glue/scripts/build-kernel.sh" "$tree" "$none" inline none || status=1

echo "== kernel $version: side by side: plugin with runtime $runtime, native GCC with mainline's"
[ "$runtime" = mainline ] ||
	echo "   (and native GCC with runtime $runtime; plugin and native GCC both with runtime $runtime)"
specs=
for m in "$@"; do
	specs="$specs $m:plugin-$runtime=$prefix-plugin-$runtime-$m:native-mainline=$prefix-native-mainline-$m"
	[ "$runtime" = mainline ] ||
		specs="$specs $m-runtime:native-$runtime=$prefix-native-$runtime-$m:native-mainline=$prefix-native-mainline-$m $m-compiler:plugin-$runtime=$prefix-plugin-$runtime-$m:native-$runtime=$prefix-native-$runtime-$m"
done
# shellcheck disable=SC2086
python3 "$glue/scripts/compare.py" --json "${COMPARE_JSON:?}" --none "$none" \
	--title "Linux $version" --report-doc "${COMPARE_JSON%.json}-report.md" \
	$specs || status=1

echo "== kernel $version: summary"
for d in $variants; do
	if [ -f "$d/results.json" ]; then
		python3 - "$d/results.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r["counts"]
print("  %-22s kasan pass:%d fail:%d skip:%d missing:%d; unexpected %d,"
      " stray reports %d" % (r["label"], c["pass"], c["fail"], c["skip"],
                             c["missing"], len(r["unexpected"]),
                             len(r["stray_reports"])))
PY
	else
		echo "  $(basename "$d"): no results (see $d)"
	fi
	fails=$(grep -h '^FAIL' "$d/kernel.sum" 2>/dev/null || true)
	if [ -n "$fails" ]; then
		echo "$fails" | head -n 8 | sed 's/^/    /'
		n=$(echo "$fails" | wc -l)
		[ "$n" -le 8 ] || echo "    ... $((n - 8)) more FAIL lines in $d/kernel.sum"
	fi
done
check_verdict
