#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# run-variant.sh TREE OUT MODE COMPILER [OFF]: build (build-kernel.sh),
# check the objects' flags (check-cmd-flags.py), boot in QEMU
# (qemu/boot.sh) and judge (results.py) one test kernel.
#
# Writes into OUT: serial.log, results.json, and kernel.sum with one
# DejaGnu-style line per check: build, .cmd flags, boot, each KUnit case,
# stray reports, ..., in full runs (RUNTIME_OFF_BOOT) with our runtime a
# boot with its own detections off (serial-runtime-off.log, judged with
# linux-X.Y/runtime-off.override), and a boot with kasan.fault=panic
# (serial-fault-panic.log) that must panic at the first report.
#
# OFF (plugin only) is no-globals, no-stack, no-use-after-scope or
# no-use-after-return (our runtime only: mainline's has no fake stacks): a
# feature-off kernel, which proves that the cases that need the plugin's
# "globals", "stack", "use-after-scope" or "use-after-return" pass
# because of it.  -fplugin-arg-kasan-OFF goes after KASAN_PLUGIN_FLAGS,
# so after the glue's own -fplugin-arg-kasan-globals/-stack/
# -use-after-scope/-use-after-return (the flags patch), and the plugin's
# last argument wins; check-cmd-flags.py checks that on every object
# (--features).  no-stack takes no-use-after-return with it, as the
# plugin refuses use-after-return without stack.  The expectations are
# the usual ones with linux-X.Y/OFF.override, and nothing else.  Such a
# kernel gets no kasan.fault=panic boot (an UNSUPPORTED line): that boot
# tests the runtime's panic path at the seed suite's first report, a heap
# one, which no such feature touches, and the normal kernel of the same
# mode and runtime already makes it; it would only cost CI a boot.
# Environment as for build-kernel.sh (KASAN_PLUGIN, KASAN_PLUGIN_FLAGS,
# REAL_CC, KERNEL_JOBS) and qemu/boot.sh
# (BOOT_TIMEOUT, QEMU_ACCEL); KASAN_RUNTIME (own or mainline, default
# own) picks the runtime, KERNEL_ARCH (default x86_64) the architecture.
# SUM_PREFIX (default "kernel X.Y[ ARCH] RUNTIME-MODE" for the plugin,
# "kernel X.Y[ ARCH] native-RUNTIME-MODE" for native GCC, X.Y the tree's
# version, ARCH unless x86_64) starts each .sum test name, so that the .sum
# lines of two versions or architectures are distinct tests.
#
# KERNEL_SCENARIOS (NAME ..., space- or comma-separated; default none)
# names guest scenarios (qemu/scenarios/NAME.sh) for the boot to run after
# /init's workload (kernel parameter kasan_glue.scenarios=NAME,...):
# build-kernel.sh adds configs/scenarios.config for them, mkinitramfs.py
# packs them and the programs they need, their "# kasan-glue-append:"
# lines and KERNEL_SCENARIO_ARGS (e.g. kasan_glue.trinity_ops=100000) go
# onto the boot's kernel command line, and results.py wants a "done" line
# from each (a .sum line each) besides no stray report in the whole log.
#
# Everything version-specific comes from kernel-glue/linux-X.Y/ of the
# tree's version (versions.sh), each file from linux-X.Y/ARCH/ if there
# (arches.sh): kasan_test.expected (the kernel's KUnit suite, judged per
# compiler and runtime), kasan_seed.expected and OFF.override; the boot
# image, QEMU and busybox from kernel-glue/arch/ARCH/.
# Exits 1 on any failure.  Holds a lock on OUT (flock) while it runs.
set -eu

glue=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel-glue/scripts/versions.sh
. "$glue/scripts/versions.sh"
# shellcheck source=kernel-glue/scripts/arches.sh
. "$glue/scripts/arches.sh"
if [ $# -ne 4 ] && [ $# -ne 5 ]; then
	echo "usage: $0 TREE OUT inline|outline plugin|native" \
	     "[no-globals|no-stack|no-use-after-scope|no-use-after-return]" >&2
	exit 2
fi
tree=$1
out=$2
mode=$3
compiler=$4
off=${5:-}
runtime=${KASAN_RUNTIME:-own}
arch=${KERNEL_ARCH:-$DEFAULT_ARCH}
export KERNEL_ARCH="$arch"
load_arch "$arch" run-variant || exit 2
# A kernel on another base config (KERNEL_CONFIG, e.g. defconfig; see
# build-kernel.sh) boots as kernel-glue/arch/ARCH/boot-CONFIG.conf says:
# BOOT_MEM and BOOT_QEMU_ARGS for boot.sh, BOOT_TIMEOUT_DEFAULT the
# boot's timeout unless BOOT_TIMEOUT is given, BOOT_PARAMS kernel
# parameters of every boot, BOOT_LEVELS the paging levels
# it must run with, BOOT_ALT_APPEND the parameters of a second boot, judged
# like the first (BOOT_ALT_LEVELS its paging levels).  Its expectations
# get linux-X.Y/[ARCH/]CONFIG.override on top when there is one (what that
# config changes for every compiler and runtime, each line saying why).
config=${KERNEL_CONFIG:-}
BOOT_LEVELS='' BOOT_ALT_APPEND='' BOOT_ALT_LEVELS='' BOOT_PARAMS=''
if [ -n "$config" ]; then
	bootconf=$glue/arch/$arch/boot-$config.conf
	if [ ! -f "$bootconf" ]; then
		echo "run-variant: no $bootconf: how to boot a $config kernel on $arch" >&2
		exit 2
	fi
	# shellcheck disable=SC1090
	. "$bootconf"
	BOOT_TIMEOUT=${BOOT_TIMEOUT:-${BOOT_TIMEOUT_DEFAULT:-}}
	export BOOT_MEM BOOT_QEMU_ARGS BOOT_TIMEOUT
fi
# Our runtime's own stack walk, where the arch has one, is compared with
# the kernel's on every save of every boot; reports show its stacks.
stack_walk_check=
if [ "$runtime" = own ] && [ -n "${OWN_STACK_WALK:-}" ]; then
	BOOT_PARAMS="$BOOT_PARAMS kasan.stackwalk=check"
	stack_walk_check=--stack-walk-check
fi
vglue=$(tree_glue_dir "$tree" run-variant) || exit 1
pair_dir "$vglue" "$arch" run-variant > /dev/null || exit 1
version=${vglue##*/linux-}
suffix=$(arch_suffix "$arch")
# "6.1" for x86_64, "6.1 arm" for another architecture.
vname="$version${suffix:+ $arch}${config:+ $config}"
name="$version$suffix${config:+-$config}-$compiler-$runtime-$mode${off:+-$off}"
if [ "$compiler" = plugin ]; then
	prefix=${SUM_PREFIX:-kernel $vname $runtime-$mode${off:+-$off}}
else
	prefix=${SUM_PREFIX:-kernel $vname native-$runtime-$mode}
fi
case "$BUSYBOX" in /*) ;; *) BUSYBOX=$(cd "$glue/.." && pwd)/$BUSYBOX ;; esac
# What the plugin must do on every object (check-cmd-flags.py --features):
# globals, stack, use-after-scope and, with our runtime, use-after-return
# on, as the glue asks (stack for CONFIG_KASAN_STACK, which kasan.config
# sets, use-after-scope for CONFIG_KASAN_STACK_USE_AFTER_SCOPE and
# use-after-return for CONFIG_KASAN_STACK_USE_AFTER_RETURN, on by
# default, the latter only with our runtime's fake stacks), or one of
# them off with OFF; and with our runtime version-loops, whose range test
# only ours has, and mem-intrinsics=prefix-variable, whose __asan_memcpy()
# 6.1's mainline runtime lacks.  A KASAN_PLUGIN_FLAGS that turns one off
# fails this check.
uar=
[ "$runtime" = own ] && uar=use-after-return
features=globals,stack,use-after-scope${uar:+,$uar}
case "$off" in
'') ;;
no-globals|no-stack|no-use-after-scope|no-use-after-return)
	if [ "$compiler" != plugin ]; then
		echo "run-variant: $off needs the plugin" >&2
		exit 2
	fi
	if [ "$off" = no-use-after-return ] && [ -z "$uar" ]; then
		echo "run-variant: no-use-after-return needs KASAN_RUNTIME=own:" \
		     "mainline's runtime has no fake stacks" >&2
		exit 2
	fi
	pname=$(basename "${KASAN_PLUGIN:?run-variant: $off needs KASAN_PLUGIN}")
	offs=$off
	[ "$off" = no-stack ] && offs="$off${uar:+ no-$uar}"
	for o in $offs; do
		KASAN_PLUGIN_FLAGS="${KASAN_PLUGIN_FLAGS:+$KASAN_PLUGIN_FLAGS }-fplugin-arg-${pname%%.*}-$o"
	done
	export KASAN_PLUGIN_FLAGS
	case "$off" in
	no-globals) features=no-globals,stack,use-after-scope${uar:+,$uar} ;;
	no-stack) features=globals,no-stack${uar:+,no-$uar} ;;
	no-use-after-scope) features=globals,stack,no-use-after-scope${uar:+,$uar} ;;
	*) features=globals,stack,use-after-scope,no-use-after-return ;;
	esac
	;;
*)
	echo "run-variant: OFF must be no-globals, no-stack," \
	     "no-use-after-scope or no-use-after-return, not '$off'" >&2
	exit 2 ;;
esac
[ "$runtime" = own ] &&
	features=$features,version-loops,mem-intrinsics=prefix-variable
mkdir -p "$out"
out=$(cd "$out" && pwd)
# One run at a time per build directory: two makes in one O= tree
# corrupt each other's objects.
exec 9> "$out/.kasan-glue.lock"
if ! flock -n 9; then
	echo "  WAIT    $name: another run is using $out"
	flock 9
fi
# The .sum is written beside and moved into place on exit, so that nobody
# reads a half-written one.
sum=$out/kernel.sum.new
trap 'mv -f "$sum" "$out/kernel.sum"' EXIT
rm -f "$out/results.json"
{
	echo "Test run of the kasan-plugin kernel glue: $name"
	echo "		=== kernel tests ==="
} > "$sum"
result() {	# PASS|FAIL WHAT [DETAIL]
	echo "$1: $prefix $2${3:+ ($3)}" >> "$sum"
}

if ! sh "$glue/scripts/build-kernel.sh" "$tree" "$out" "$mode" "$compiler"; then
	result FAIL build "see $out/build.log"
	exit 1
fi
result PASS build

status=0
if [ "$compiler" = plugin ]; then
	plugin=$(cd "$(dirname "$KASAN_PLUGIN")" && pwd)/$(basename "$KASAN_PLUGIN")
	set -- --plugin "$plugin" --features "$features"
else
	set --
fi
if msg=$(python3 "$glue/scripts/check-cmd-flags.py" "$out" "$compiler" "$@" \
		--runtime "$runtime" --arch "$arch" --list "$out/kasan-objects.txt"); then
	result PASS ".cmd flags" "$(echo "$msg" | tail -n 1)"
else
	result FAIL ".cmd flags" "$(echo "$msg" | tail -n 1)"
	status=1
fi
echo "$msg" | sed "s/^/  CMDFLAGS $name: /"

# The test module, which /init loads (its KUnit suite runs then).
module=$out/mm/kasan-seed/kasan_seed_module.ko
if [ ! -f "$module" ]; then
	result FAIL "test module" "no $module (CONFIG_KASAN_SEED_MODULE_TEST=m)"
	status=1
	module=
fi
if [ ! -x "$BUSYBOX" ]; then
	result FAIL boot "no busybox $BUSYBOX for $arch (scripts/install-deps.sh kernel)"
	exit 1
fi
# The guest scenarios: NAME,... for /init and results.py; the kernel
# parameters their files ask for.
scenarios=$(echo "${KERNEL_SCENARIOS:-}" | tr ' ,' '\n\n' | sed '/^$/d' |
	paste -sd, -)
scenario_append=
for s in $(echo "$scenarios" | tr ',' ' '); do
	f=$glue/qemu/scenarios/$s.sh
	[ ! -f "$f" ] || scenario_append="$scenario_append $(sed -n \
		's/^#[[:space:]]*kasan-glue-append:[[:space:]]*//p' "$f" | tr '\n' ' ')"
done
if ! python3 "$glue/qemu/mkinitramfs.py" "$out/initramfs.cpio" --busybox "$BUSYBOX" \
		${scenarios:+--scenarios "$scenarios"} --arch "$KARCH" \
		${module:+"$module"}; then
	result FAIL boot "no initramfs (mkinitramfs.py failed)"
	exit 1
fi
accel=${QEMU_ACCEL:-tcg}
# The expectations, with the feature-off or base config's layer on top
# (results.py's --override options).
layers=
[ -z "$off" ] || layers="--override $(glue_file "$vglue" "$arch" "$off.override")"
layer=$(glue_file "$vglue" "$arch" "${config:-none}.override")
[ -z "$config" ] || [ ! -f "$layer" ] || layers="$layers --override $layer"

scenario_boot_append=${scenarios:+kasan_glue.scenarios=$scenarios$scenario_append ${KERNEL_SCENARIO_ARGS:-}}

# boot_judge TAG APPEND LEVELS: boot with the kernel parameters APPEND
# (after BOOT_APPEND's) (serial.log, serial-TAG.log for TAG), judge it (results.json,
# results-TAG.json; its .sum lines' names get TAG), and check that it ran
# with LEVELS paging levels (paging.py) when LEVELS is given.
boot_judge() {
	tag=${1:+-$1}
	log=$out/serial$tag.log
	what="$name${1:+ ($1)}"
	p=$prefix${1:+ $1}
	echo "  BOOT    $what ($QEMU $accel, timeout ${BOOT_TIMEOUT:-600} s; log $log)${scenarios:+ with scenarios $scenarios}"
	start=$(date +%s)
	if QEMU_ACCEL=$accel BOOT_APPEND="${BOOT_APPEND:-} $BOOT_PARAMS${2:+ $2} $scenario_boot_append" \
			sh "$glue/qemu/boot.sh" "$out/$IMAGE" "$out/initramfs.cpio" "$log"; then
		echo "PASS: $p boot (user space reached, clean reboot)" >> "$sum"
	else
		echo "FAIL: $p boot (see $log)" >> "$sum"
		status=1
	fi
	echo "boot_seconds=$(($(date +%s) - start))" > "$out/kasan-glue-boot$tag.txt"
	echo "  BOOTED  $what in $(($(date +%s) - start)) s"
	# shellcheck disable=SC2086
	python3 "$glue/scripts/results.py" --log "$log" \
		--expected "$(glue_file "$vglue" "$arch" kasan_test.expected)" \
		--seed-expected "$(glue_file "$vglue" "$arch" kasan_seed.expected)" \
		--kunit "$tree/tools/testing/kunit/kunit.py" \
		--label "$what" --json "$out/results$tag.json" \
		--compiler "$compiler" --runtime "$runtime" \
		${scenarios:+--scenarios "$scenarios"} $stack_walk_check \
		$layers \
		--sum "$sum" --sum-prefix "$p" || status=1
	[ -n "${3:-}" ] || return 0
	if levels=$(python3 "$glue/scripts/paging.py" "$log" --want "$3"); then
		echo "PASS: $p paging ($levels)" >> "$sum"
	else
		echo "FAIL: $p paging (want $3-level, $levels)" >> "$sum"
		status=1
	fi
}

boot_judge "" "" "$BOOT_LEVELS"
[ -z "$BOOT_ALT_APPEND" ] ||
	boot_judge "$BOOT_ALT_APPEND" "$BOOT_ALT_APPEND" "$BOOT_ALT_LEVELS"

# RUNTIME_OFF_BOOT (kernel-runs.sh, full runs): our runtime's detections
# beyond mainline's, turned off by the boot parameters that
# linux-X.Y/runtime-off.override names ("# kasan-glue-boot:"), must each
# cost the case that covers them (its lines there).
offfile=$(glue_file "$vglue" "$arch" runtime-off.override)
if [ -n "${RUNTIME_OFF_BOOT:-}" ] && [ "$runtime" = own ] && [ -z "$off" ] &&
   [ -f "$offfile" ]; then
	offparams=$(sed -n 's/^#[[:space:]]*kasan-glue-boot:[[:space:]]*//p' "$offfile")
	saved_layers=$layers
	layers="$layers --override $offfile"
	boot_judge runtime-off "$offparams" ""
	layers=$saved_layers
fi

if [ -n "$off" ]; then
	result UNSUPPORTED "kasan.fault=panic" "not booted with $off: the panic path is the normal $runtime-$mode kernel's"
	exit $status
fi

# kasan.fault=panic: the first report panics the kernel (a second, short
# boot that runs only the seed suite).
plog=$out/serial-fault-panic.log
echo "  BOOT    $name with kasan.fault=panic (log $plog)"
BOOT_TIMEOUT=300 BOOT_APPEND="$BOOT_PARAMS kasan.fault=panic" KUNIT_FILTER=kasan_seed \
	QEMU_ACCEL=$accel sh "$glue/qemu/boot.sh" \
	"$out/$IMAGE" "$out/initramfs.cpio" "$plog" \
	> /dev/null 2>&1 || true
reports=$(grep -c "BUG: KASAN: " "$plog" || true)
if [ "$reports" -eq 1 ] &&
   grep -q "Kernel panic - not syncing: kasan.fault=panic" "$plog" &&
   ! grep -q "kasan-glue: init: user space reached" "$plog"; then
	result PASS "kasan.fault=panic" "panic at the first report"
else
	result FAIL "kasan.fault=panic" "$reports reports, see $plog"
	status=1
fi
exit $status
