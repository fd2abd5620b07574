#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Add up the results of one or more DejaGnu .sum files.
#
#   testsuite/summary.sh SUMFILE...
#
# Prints a count per kind and file, then, as its very last line,
# "N passed, N failed" where passed = PASS + XFAIL + KFAIL and
# failed = FAIL + XPASS + KPASS + UNRESOLVED + ERROR (UNSUPPORTED and
# UNTESTED are counted apart, in neither).  A missing or unreadable .sum
# file counts as one ERROR.  Exits 1 if anything failed or no test ran.
set -u

if [ $# -eq 0 ]; then
	echo "usage: $0 SUMFILE..." >&2
	echo "0 passed, 0 failed"
	exit 1
fi

status=0
tp=0; tf=0; tx=0; txp=0; tu=0; tus=0; tut=0; te=0; tkf=0; tkp=0
for f in "$@"; do
	if [ ! -r "$f" ]; then
		echo "$f: cannot read" >&2
		te=$((te + 1))
		continue
	fi
	# shellcheck disable=SC2046
	set -- $(awk '
		/^PASS: /        { p++ }
		/^FAIL: /        { f++ }
		/^XFAIL: /       { x++ }
		/^XPASS: /       { xp++ }
		/^KFAIL: /       { kf++ }
		/^KPASS: /       { kp++ }
		/^UNRESOLVED: /  { u++ }
		/^UNSUPPORTED: / { us++ }
		/^UNTESTED: /    { ut++ }
		/^ERROR: /       { e++ }
		END { printf "%d %d %d %d %d %d %d %d %d %d\n", p, f, x, xp, u, us, ut, e, kf, kp }
	' "$f")
	printf '%s: PASS %d, FAIL %d, XFAIL %d, XPASS %d, UNRESOLVED %d, UNSUPPORTED %d, UNTESTED %d, ERROR %d\n' \
		"$f" "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8"
	tp=$((tp + $1)); tf=$((tf + $2)); tx=$((tx + $3)); txp=$((txp + $4))
	tu=$((tu + $5)); tus=$((tus + $6)); tut=$((tut + $7)); te=$((te + $8))
	tkf=$((tkf + $9)); tkp=$((tkp + ${10}))
done

passed=$((tp + tx + tkf))
failed=$((tf + txp + tkp + tu + te))
printf 'total: PASS %d, FAIL %d, XFAIL %d, XPASS %d, UNRESOLVED %d, UNSUPPORTED %d, UNTESTED %d, ERROR %d\n' \
	"$tp" "$tf" "$tx" "$txp" "$tu" "$tus" "$tut" "$te"
if [ "$failed" -ne 0 ] || [ $((passed + failed)) -eq 0 ]; then
	status=1
fi
echo "$passed passed, $failed failed"
exit $status
