# SPDX-License-Identifier: GPL-2.0-or-later
#
# The differential run of one C program, shared by testsuite/random/run.sh
# (csmith's programs) and testsuite/torture/run.sh (gcc.c-torture/execute):
# the program is built plain and with the plugin and the hosted runtime in
# each of PROGDIFF_VARIANTS, and every KASan build must behave as the plain
# one: same exit status, same standard output, no report, no compiler
# error.  Sourced; the caller sets
#
#   CC          the GCC (gcc-12, gcc-11)
#   KASAN_CC    build/bin/kasan-cc
#   PROGDIFF_CPU       CPU seconds the plain run may take (default 1)
#   PROGDIFF_KASAN_CPU CPU seconds a KASan run may take (default 60)
#
# Whether a program is tested at all is decided on the plain build only,
# so that results do not depend on our builds' speed: a program that does
# not build plain, or whose plain run exceeds its time, is UNSUPPORTED.
# A plain run that fails (non-zero status) is UNSUPPORTED too when
# PROGDIFF_PLAIN_MUST_PASS is set (torture tests that need what this
# machine lacks); csmith's programs always exit 0.
#
# Prints DejaGnu-style lines, one per variant: "PASS: NAME VARIANT",
# "FAIL: NAME VARIANT: why (see DIR)", or one "UNSUPPORTED: NAME: why".

# name:flags, the flags after kasan-cc --hosted.
PROGDIFF_VARIANTS="outline: \
inline+globals+stack+uar:-fplugin-arg-kasan-inline,-fplugin-arg-kasan-globals,-fplugin-arg-kasan-stack,-fplugin-arg-kasan-use-after-return"

# progdiff_run CPU_SECONDS OUTFILE ERRFILE PROGRAM: its exit status; 124
# when it ran out of time (CPU, or four times as much wall-clock time).
progdiff_run() {
	# Not exec'd: the subshell, whose errors go nowhere, is the one to
	# see (and report) the program killed.
	{
		(
			ulimit -t "$1"
			timeout -s KILL $(($1 * 4 + 5)) "$4" \
				> "$2" 2> "$3" < /dev/null
			exit $?
		)
	} 2> /dev/null
	st=$?
	case $st in
	137|152) return 124 ;;	# SIGKILL by timeout, SIGXCPU by ulimit
	esac
	return $st
}

# progdiff_one WORKDIR NAME SOURCE FLAGS...: FLAGS come after SOURCE, so
# that libraries (-lm) link.
progdiff_one() {
	dir=$1 name=$2 src=$3
	shift 3
	mkdir -p "$dir"
	if ! "$CC" "$src" "$@" -o "$dir/plain" > "$dir/plain.log" 2>&1; then
		echo "UNSUPPORTED: $name: does not build plain"
		rm -rf "$dir"
		return 0
	fi
	progdiff_run "${PROGDIFF_CPU:-1}" "$dir/plain.out" "$dir/plain.err" \
		"$dir/plain"
	plain_st=$?
	if [ $plain_st -eq 124 ]; then
		echo "UNSUPPORTED: $name: the plain run takes over ${PROGDIFF_CPU:-1}s"
		rm -rf "$dir"
		return 0
	fi
	if [ -n "${PROGDIFF_PLAIN_MUST_PASS:-}" ] && [ $plain_st -ne 0 ]; then
		echo "UNSUPPORTED: $name: the plain run fails (status $plain_st)"
		rm -rf "$dir"
		return 0
	fi
	failed=
	for v in $PROGDIFF_VARIANTS; do
		vname=${v%%:*}
		vflags=$(echo "${v#*:}" | tr , ' ')
		why=$(progdiff_variant "$dir" "$vname" "$src" "$plain_st" \
			"$vflags" "$@")
		if [ -z "$why" ]; then
			echo "PASS: $name $vname"
			rm -f "$dir/$vname" "$dir/$vname.out" "$dir/$vname.err"
		else
			echo "FAIL: $name $vname: $why (see $dir)"
			failed=1
		fi
	done
	[ -n "$failed" ] || rm -rf "$dir"
}

# progdiff_variant DIR VNAME SOURCE PLAIN_STATUS VFLAGS CFLAGS...: prints
# what went wrong, nothing when all is well.  The command lines go into
# DIR/VNAME.cmd, to repeat a failure by hand.
progdiff_variant() {
	dir=$1 vname=$2 src=$3 plain_st=$4 vflags=$5
	shift 5
	# shellcheck disable=SC2086 # vflags are words
	echo "CC=$CC $KASAN_CC --hosted $vflags $src $* -o $dir/$vname" \
		> "$dir/$vname.cmd"
	# shellcheck disable=SC2086
	if ! CC=$CC "$KASAN_CC" --hosted $vflags "$src" "$@" \
		-o "$dir/$vname" > "$dir/$vname.log" 2>&1; then
		echo "compiler error: $(grep -m1 -E 'error|internal' "$dir/$vname.log")"
		return 0
	fi
	progdiff_run "${PROGDIFF_KASAN_CPU:-60}" "$dir/$vname.out" \
		"$dir/$vname.err" "$dir/$vname"
	st=$?
	if grep -q "BUG: KASAN" "$dir/$vname.err"; then
		echo "KASan report: $(grep -m1 'BUG: KASAN' "$dir/$vname.err")"
	elif [ $st -eq 124 ]; then
		echo "the KASan run takes over ${PROGDIFF_KASAN_CPU:-60}s"
	elif [ $st -ne "$plain_st" ]; then
		echo "exit status $st, plain $plain_st"
	elif ! cmp -s "$dir/plain.out" "$dir/$vname.out"; then
		echo "output differs from the plain build's"
	fi
}

# progdiff_finish SUM OUT WHAT: SUM.tmp, the run's .sum, into place; OUT's
# scratch gone; its failures and the "N passed, N failed, N unsupported
# (WHAT)" line that .ci/run counts.
progdiff_finish() {
	mv "$1.tmp" "$1"
	rm -f "$2/results.unsorted"
	rmdir "$2/work" 2> /dev/null
	grep -E '^(FAIL|ERROR)' "$1"
	echo "$(grep -c '^PASS' "$1") passed, $(grep -c '^FAIL' "$1") failed," \
		"$(grep -c '^UNSUPPORTED' "$1") unsupported ($3)"
}
