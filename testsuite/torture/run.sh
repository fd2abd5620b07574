#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# GCC's gcc.c-torture/execute tests (GCC 12's, from Debian's gcc-12-source)
# built plain and with the plugin and the hosted runtime
# (testsuite/lib/progdiff.sh): each KASan build must exit 0 as the plain
# one does, with the same output, no report and no compiler error.
#
#   testsuite/torture/run.sh CC OUTDIR           every test
#   testsuite/torture/run.sh CC OUTDIR EVERY [FIRST]
#                                  the tests FIRST, FIRST+EVERY, ... of the
#                                  sorted list (make check: a sample)
#
# Each test is compiled at -O0, -O1, -O2, -O3 or -Os, by its place in the
# sorted list, plus the options of its dg-options lines that apply here
# (options.py), -w and -lm.  A test that does not build plain or whose
# plain run fails is UNSUPPORTED (it needs what this setup lacks: nested
# function trampolines with a non-executable stack, ...); the tests of
# skip.txt are UNSUPPORTED with the reason given there.  The execute/
# subdirectories (builtins/, which needs its own support library, and
# ieee/) are not run.
#
# The tests are extracted once into build/gcc-torture/ (TORTURE_SRC) from
# /usr/src/gcc-12/gcc-*.tar.xz (TORTURE_TARBALL), only that directory.
# Results: OUTDIR/torture.sum; a failed test stays in OUTDIR/work/NAME.
#
# Environment: KASAN_CC (default build/bin/kasan-cc), TORTURE_JOBS
# (default: number of CPUs), PROGDIFF_CPU / PROGDIFF_KASAN_CPU.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=testsuite/lib/progdiff.sh
. "$here/../lib/progdiff.sh"
levels="-O0 -O1 -O2 -O3 -Os"

usage() {
	echo "usage: $0 CC OUTDIR [EVERY [FIRST]]" >&2
	exit 2
}

# One test, run by xargs: "--one OUTDIR INDEX FILE"; prints its .sum lines.
if [ "${1:-}" = --one ]; then
	out=$2 index=$3 src=$4
	test=${src##*/}
	name="torture/execute/$test"
	reason=$(sed -n "s/^${test}[[:space:]]\{1,\}//p" "$here/skip.txt")
	if [ -n "$reason" ]; then
		echo "UNSUPPORTED: $name CC=$CC: $reason"
		exit 0
	fi
	# shellcheck disable=SC2086
	set -- $levels
	shift $((index % 5))
	opt=$1
	# shellcheck disable=SC2046 # the test's options are words
	PROGDIFF_PLAIN_MUST_PASS=1 progdiff_one "$out/work/${test%.c}" \
		"$name $opt CC=$CC" "$src" "$opt" \
		$(python3 "$here/options.py" "$src") -w -lm
	exit 0
fi

if [ $# -lt 2 ] || [ $# -gt 4 ]; then
	usage
fi
CC=$1 out=$2 every=${3:-1} first=${4:-0}
KASAN_CC=${KASAN_CC:-$root/build/bin/kasan-cc}
export CC KASAN_CC

src=${TORTURE_SRC:-$root/build/gcc-torture}
if [ ! -d "$src/execute" ]; then
	tarball=${TORTURE_TARBALL:-$(ls /usr/src/gcc-12/gcc-*.tar.xz 2> /dev/null | head -n 1)}
	if [ -z "$tarball" ] || [ ! -f "$tarball" ]; then
		echo "$0: no GCC source tarball in /usr/src/gcc-12" \
		     "(Debian's gcc-12-source; make deps-test)" >&2
		exit 2
	fi
	top=$(tar -tJf "$tarball" | head -n 1 | cut -d/ -f1)
	mkdir -p "$src.tmp"
	tar -xJf "$tarball" -C "$src.tmp" \
		"$top/gcc/testsuite/gcc.c-torture/execute" || exit 2
	rm -rf "$src"
	mv "$src.tmp/$top/gcc/testsuite/gcc.c-torture" "$src"
	rm -rf "$src.tmp"
fi

rm -rf "$out/work"
mkdir -p "$out/work"
sum=$out/torture.sum
{
	echo "# gcc.c-torture/execute, CC=$CC, every $every from $first"
	find "$src/execute" -maxdepth 1 -name '*.c' | LC_ALL=C sort |
		awk -v every="$every" -v first="$first" \
			'(NR - 1) % every == first % every && NR > first { print NR - 1, $0 }' |
		xargs -P "${TORTURE_JOBS:-$(nproc)}" -L 1 \
			sh "$0" --one "$out" > "$out/results.unsorted"
	LC_ALL=C sort -k2,2 "$out/results.unsorted"
} > "$sum.tmp"
progdiff_finish "$sum" "$out" "torture, $CC"
