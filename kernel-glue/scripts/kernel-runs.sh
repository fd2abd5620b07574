#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# kernel-runs.sh check|test MODE...: the body of "make kernel-check" and
# "make kernel-test" (kernel.mk), once the tree is patched and the plugin
# built.
#
#   test   the plugin kernels of each MODE (run-variant.sh), then the
#          count of their kernel.sum files (testsuite/summary.sh)
#   check  the plugin kernels, the native GCC kernels, the side-by-side
#          (compare.py, COMPARE_JSON) and a summary
#
# Every variant runs even when an earlier one failed; the exit status is 1
# if anything was unexpected.  Environment: KERNEL_TREE,
# KERNEL_BUILD_PREFIX, COMPARE_JSON, KASAN_PLUGIN, KASAN_PLUGIN_FLAGS,
# REAL_CC, KERNEL_JOBS, KASAN_RUNTIME (and what run-variant.sh reads).
set -u

glue=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$glue/.." && pwd)
action=$1
shift
tree=${KERNEL_TREE:?}
prefix=${KERNEL_BUILD_PREFIX:?}
runtime=${KASAN_RUNTIME:-mainline}
status=0

for m in "$@"; do
	echo "== kernel: plugin ${KASAN_PLUGIN:?}, $m, runtime $runtime${KASAN_PLUGIN_FLAGS:+, flags $KASAN_PLUGIN_FLAGS}"
	sh "$glue/scripts/run-variant.sh" "$tree" "$prefix-plugin-$m" "$m" plugin ||
		status=1
done

if [ "$action" = test ]; then
	sums=
	for m in "$@"; do
		f=$prefix-plugin-$m/kernel.sum
		[ -f "$f" ] || echo "ERROR: kernel $m: no results" > "$f"
		sums="$sums $f"
	done
	# shellcheck disable=SC2086
	sh "$root/testsuite/summary.sh" $sums | sed 's/^/kernel-test: /'
	exit $status
fi

for m in "$@"; do
	echo "== kernel: native GCC KASan (${REAL_CC:-gcc}, no shim, no plugin), $m"
	KASAN_PLUGIN='' KASAN_PLUGIN_FLAGS='' \
		sh "$glue/scripts/run-variant.sh" "$tree" "$prefix-native-$m" "$m" native ||
		status=1
done

echo "== kernel: side by side, plugin and native GCC KASan"
specs=
for m in "$@"; do
	specs="$specs $m:$prefix-plugin-$m:$prefix-native-$m"
done
# shellcheck disable=SC2086
python3 "$glue/scripts/compare.py" --json "${COMPARE_JSON:?}" $specs || status=1

echo "== kernel: summary"
for m in "$@"; do
	for c in plugin native; do
		d=$prefix-$c-$m
		if [ -f "$d/results.json" ]; then
			python3 - "$d/results.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r["counts"]
print("  %-15s kasan pass:%d fail:%d skip:%d missing:%d; unexpected %d,"
      " stray reports %d" % (r["label"], c["pass"], c["fail"], c["skip"],
                             c["missing"], len(r["unexpected"]),
                             len(r["stray_reports"])))
PY
		else
			echo "  $c-$m: no results (see $d)"
		fi
		fails=$(grep -h '^FAIL' "$d/kernel.sum" 2>/dev/null || true)
		if [ -n "$fails" ]; then
			echo "$fails" | head -n 8 | sed 's/^/    /'
			n=$(echo "$fails" | wc -l)
			[ "$n" -le 8 ] || echo "    ... $((n - 8)) more FAIL lines in $d/kernel.sum"
		fi
	done
done
if [ "$status" -ne 0 ]; then
	echo "kernel-check: FAILED (unexpected results above)"
else
	echo "kernel-check: all as expected"
fi
exit $status
