#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# boot.sh IMAGE INITRAMFS LOG: boot a test kernel in QEMU (2 vCPUs), run
# the kasan KUnit suites during boot, and keep the whole serial console in
# LOG.  KERNEL_ARCH (default x86_64) is the kernel's architecture:
# kernel-glue/arch/ARCH/arch.conf names its QEMU, machine, -smp value and
# console (x86_64: qemu-system-x86_64, a bzImage, ttyS0; arm:
# qemu-system-arm -M virt -cpu cortex-a15, a zImage, ttyAMA0).
#
# The initramfs's /init reboots when it is done and -no-reboot turns that
# into QEMU's exit; a hard timeout (BOOT_TIMEOUT seconds, default 600)
# kills a kernel that hangs.  QEMU_ACCEL is the accelerator, tcg by
# default (repeatable, and KVM inside a VM can hang; QEMU_ACCEL=kvm to
# try).  KUNIT_FILTER (default kasan*) selects the suites, BOOT_APPEND adds
# kernel parameters, BOOT_SMP replaces -smp's value (default the arch's,
# 2 CPUs), BOOT_MEM replaces -m's (default 512M) and BOOT_QEMU_ARGS adds
# QEMU options.
#
# Exit status: 0 when the guest reached user space and rebooted, 1 when it
# did not (panic, crash, early exit), 124 on timeout.
set -eu

glue=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel-glue/scripts/arches.sh
. "$glue/scripts/arches.sh"
if [ $# -ne 3 ]; then
	echo "usage: $0 IMAGE INITRAMFS LOG" >&2
	exit 2
fi
load_arch "${KERNEL_ARCH:-$DEFAULT_ARCH}" boot || exit 2
kernel=$1
initrd=$2
log=$3
timeout=${BOOT_TIMEOUT:-600}
accel=${QEMU_ACCEL:-tcg}
append="console=$CONSOLE kasan.fault=report kunit.filter_glob=${KUNIT_FILTER:-kasan*}"
append="$append panic=-1 ${BOOT_APPEND:-}"

status=0
# Two vCPUs, so that the kernel (and /init's workload) runs on both (the
# arch's QEMU_SMP says how).
# BOOT_SMP and BOOT_QEMU_ARGS (say, -icount) are for benchmarks.
# shellcheck disable=SC2086
timeout -k 10 "$timeout" "$QEMU" $QEMU_MACHINE -accel "$accel" \
	-smp "${BOOT_SMP:-$QEMU_SMP}" -m "${BOOT_MEM:-512M}" ${BOOT_QEMU_ARGS:-} \
	-nographic -no-reboot -kernel "$kernel" -initrd "$initrd" \
	-append "$append" < /dev/null > "$log" 2>&1 || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
	echo "boot: timeout after $timeout s (log $log)" >&2
	exit 124
fi
if [ "$status" -ne 0 ]; then
	echo "boot: qemu exited with status $status (log $log)" >&2
	exit 1
fi
if ! grep -q 'kasan-glue: init: done' "$log"; then
	echo "boot: the kernel did not reach the end of /init (log $log)" >&2
	exit 1
fi
