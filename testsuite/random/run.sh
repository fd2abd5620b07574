#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Random programs from csmith, built plain and with the plugin and the
# hosted runtime (testsuite/lib/progdiff.sh): each KASan build must print
# the plain build's checksum, exit as it does, with no report and no
# compiler error.
#
#   testsuite/random/run.sh CC OUTDIR            the fixed seeds 1..100
#   testsuite/random/run.sh CC OUTDIR N          N random seeds, printed
#   testsuite/random/run.sh CC OUTDIR --seeds "S..."  these seeds
#
# A seed's program is compiled at -O0, -O1, -O2, -O3 or -Os by the seed
# (seed modulo 5), the same level for every build.  A program whose plain
# run exceeds its CPU time (csmith's programs may loop for long) is
# UNSUPPORTED.  Results: OUTDIR/random.sum (PASS/FAIL/UNSUPPORTED lines,
# counted by testsuite/summary.sh); a failed program stays in
# OUTDIR/work/seed-S with its commands (*.cmd) and outputs.  Every line
# names the seed and the level: "csmith --seed S" gives the program again
# (Debian's csmith, whose version is in the .sum's first line).
#
# Environment: KASAN_CC (default build/bin/kasan-cc), RANDOM_JOBS
# (default: number of CPUs), PROGDIFF_CPU / PROGDIFF_KASAN_CPU (see
# progdiff.sh), CSMITH_INCLUDE (default /usr/include/csmith).
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=testsuite/lib/progdiff.sh
. "$here/../lib/progdiff.sh"

usage() {
	echo "usage: $0 CC OUTDIR [N | --seeds \"S...\"]" >&2
	exit 2
}

# One seed, run by xargs: prints its .sum lines.
if [ "${1:-}" = --one ]; then
	seed=$2 out=$3
	levels="-O0 -O1 -O2 -O3 -Os"
	# shellcheck disable=SC2086
	set -- $levels
	shift $((seed % 5))
	opt=$1
	work=$out/work/seed-$seed
	mkdir -p "$work"
	# In the work directory: csmith leaves a platform.info behind.
	if ! (cd "$work" && csmith --seed "$seed" -o prog.c) > /dev/null 2>&1; then
		echo "FAIL: random/seed-$seed: csmith --seed $seed failed"
		exit 0
	fi
	progdiff_one "$work" "random/seed-$seed $opt CC=$CC" \
		"$work/prog.c" "$opt" -w -I"${CSMITH_INCLUDE:-/usr/include/csmith}"
	exit 0
fi

[ $# -ge 2 ] || usage
CC=$1 out=$2
shift 2
case "${1:-}" in
"") seeds=$(seq 1 100) ;;
--seeds) [ $# -eq 2 ] || usage; seeds=$2 ;;
*[!0-9]*) usage ;;
*) seeds=$(od -An -tu4 -N$((4 * $1)) /dev/urandom)
   # shellcheck disable=SC2086 # one line
   echo "random seeds:" $seeds ;;
esac

KASAN_CC=${KASAN_CC:-$root/build/bin/kasan-cc}
export CC KASAN_CC
for tool in csmith "$CC" "$KASAN_CC"; do
	command -v "$tool" > /dev/null 2>&1 || {
		echo "$0: $tool not found (make deps-test, make)" >&2
		exit 2
	}
done
[ -f "${CSMITH_INCLUDE:-/usr/include/csmith}/csmith.h" ] || {
	echo "$0: no csmith.h in ${CSMITH_INCLUDE:-/usr/include/csmith}" \
	     "(Debian's libcsmith-dev; make deps-test)" >&2
	exit 2
}

rm -rf "$out/work"
mkdir -p "$out/work"
sum=$out/random.sum
{
	echo "# csmith differential, CC=$CC, $(cd "$out" && csmith --version 2>&1 | head -n 1)"
	# shellcheck disable=SC2086
	printf '%s\n' $seeds | xargs -P "${RANDOM_JOBS:-$(nproc)}" -I{} \
		sh "$0" --one {} "$out" > "$out/results.unsorted"
	sort -t- -k2 -n "$out/results.unsorted"
} > "$sum.tmp"
progdiff_finish "$sum" "$out" "random programs, $CC"
