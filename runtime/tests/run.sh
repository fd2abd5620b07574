#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Build and run the runtime core's unit tests for one compiler.
#
#   runtime/tests/run.sh CC OUTDIR
#
# Needs build/<target>-gcc-N/libkasan-hosted.a (make GCC=CC hosted).  Writes
# OUTDIR/runtime-unit.sum (PASS:/FAIL: lines, as DejaGnu's) and prints it.
# Exits 1 if a test failed or the tests did not build or run.
set -u

cc=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$out"
sum=$out/runtime-unit.sum
exe=$out/core-unit

if ! flags=$(CC=$cc "$root/build/bin/kasan-cc" --hosted --print-link-flags); then
	echo "ERROR: runtime unit tests: no hosted runtime for $cc" > "$sum"
	cat "$sum"
	exit 1
fi
# shellcheck disable=SC2086
if ! "$cc" -O1 -g -Wall -I"$root/runtime/hosted" -I"$root/runtime/core" \
	"$here/core-unit.c" $flags -o "$exe" > "$out/core-unit.log" 2>&1; then
	echo "ERROR: runtime unit tests: build failed (see $out/core-unit.log)" > "$sum"
	cat "$sum"
	exit 1
fi
# The tests report on purpose; only their own verdict is the status.
KASAN_OPTIONS=exitcode=0 "$exe" > "$sum.tmp" 2>> "$out/core-unit.log"
status=$?
sed "s/^\([A-Z]*: \)/\1[$cc] /" "$sum.tmp" > "$sum"
rm -f "$sum.tmp"
if [ "$status" -ne 0 ] && ! grep -q '^FAIL' "$sum"; then
	echo "ERROR: runtime unit tests: exit status $status" >> "$sum"
fi
cat "$sum"
[ "$status" -eq 0 ]
