#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Tests of building and choosing the plugin per compiler, cross compilers
# included (make GCC=arm-linux-gnueabi-gcc-12 plugin):
#
#   testsuite/cross/run.sh OUTDIR CC...
#
# For every CC: its build directory is build/<target>-gcc-<major>
# (scripts/build-name.sh) and holds its kasan.so; kasan-cc run with CC
# loads that plugin (a wrong one would refuse to load).  For every pair of
# CCs of the same major version with different build directories (gcc-12
# and arm-linux-gnueabi-gcc-12): the plugin of one loaded into the other
# fails with an error naming both versions and both targets.  Then the
# Makefile's errors: a compiler without its g++-N (a stand-in gcc-99 on
# PATH) and a compiler that does not exist.
#
# Writes OUTDIR/cross.sum (PASS:/FAIL: lines, as DejaGnu's, for
# testsuite/summary.sh) and OUTDIR/cross.log; exits 1 if a test failed.
set -u

if [ $# -lt 2 ]; then
	echo "usage: $0 OUTDIR CC..." >&2
	exit 2
fi
outdir=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kasan_cc=${KASAN_CC:-$root/build/bin/kasan-cc}
mkdir -p "$outdir"
sum=$outdir/cross.sum
log=$outdir/cross.log
: >"$sum"
: >"$log"
failed=0

result() {	# result PASS|FAIL NAME
	echo "$1: cross/$2" >>"$sum"
	[ "$1" = PASS ] || failed=1
}

# expect_match NAME REGEX TEXT
expect_match() {
	if printf '%s\n' "$3" | grep -Eq -- "$2"; then
		result PASS "$1"
	else
		echo "$1: wanted /$2/ in:" >>"$log"
		printf '%s\n' "$3" >>"$log"
		result FAIL "$1"
	fi
}

src=$outdir/probe.c
echo 'int probe (int *p) { return *p; }' >"$src"
names=
for cc in "$@"; do
	name=$(sh "$root/scripts/build-name.sh" "$cc") || {
		result FAIL "$cc: build-name.sh runs"; continue; }
	machine=$("$cc" -dumpmachine)
	major=$("$cc" -dumpversion | cut -d. -f1)
	expect_match "$cc: build directory named by target and version" \
		"^$machine-gcc-$major\$" "$name"
	plugin=$root/build/$name/kasan.so
	if [ -f "$plugin" ]; then
		result PASS "$cc: plugin at build/$name/kasan.so"
	else
		result FAIL "$cc: plugin at build/$name/kasan.so"
	fi
	out=$(CC=$cc "$kasan_cc" -O2 -S -o "$outdir/probe-$name.s" "$src" \
		-fplugin-arg-kasan-shadow-offset=0x20000000 2>&1)
	status=$?
	echo "CC=$cc kasan-cc: status $status, $out" >>"$log"
	expect_match "$cc: kasan-cc loads the plugin of the compiler it runs" \
		'^0$' "$status"
	names="$names $cc:$name:$major"
done

# The wrong GCC: every ordered pair of compilers of one major version.
for a in $names; do
	for b in $names; do
		a_cc=${a%%:*} a_name=${a#*:} a_name=${a_name%:*} a_major=${a##*:}
		b_cc=${b%%:*} b_name=${b#*:} b_name=${b_name%:*} b_major=${b##*:}
		[ "$a_name" != "$b_name" ] && [ "$a_major" = "$b_major" ] ||
			continue
		a_target=$("$a_cc" -dumpmachine)
		b_target=$("$b_cc" -dumpmachine)
		out=$("$b_cc" -fplugin="$root/build/$a_name/kasan.so" -O2 -S \
			-o /dev/null "$src" 2>&1)
		expect_match "plugin of $a_cc in $b_cc: error names both targets" \
			"kasan plugin built for GCC $a_major\.[0-9.]+ targeting $a_target cannot run in GCC $b_major\.[0-9.]+ targeting $b_target" \
			"$out"
	done
done

# make GCC=gcc-99 plugin: a compiler whose g++-99 is missing.
fake=$outdir/fake-bin
mkdir -p "$fake"
cat >"$fake/gcc-99" <<'FAKE'
#!/bin/sh
case "$1" in
-dumpversion) echo 99 ;;
-dumpmachine) echo x86_64-linux-gnu ;;
*) echo "gcc-99: a stand-in of the cross testsuite" >&2; exit 1 ;;
esac
FAKE
chmod +x "$fake/gcc-99"
out=$(PATH=$fake:$PATH make --no-print-directory -C "$root" GCC=gcc-99 \
	plugin 2>&1)
expect_match "make GCC=gcc-99 plugin: fails naming the missing g++-99" \
	'error: no host C\+\+ compiler g\+\+-99 .*install g\+\+-99' "$out"
out=$(make --no-print-directory -C "$root" GCC=no-such-gcc plugin 2>&1)
expect_match "make GCC=no-such-gcc plugin: fails naming the compiler" \
	'error: GCC=no-such-gcc is not a compiler that runs' "$out"

cat "$sum"
exit $failed
