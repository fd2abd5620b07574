#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=dash
#
# CPU hotplug: every CPU but the boot CPU goes offline and comes back,
# kasan_glue.cpuhotplug_rounds times (default 10), with fork/exec and file
# churn on the CPUs left and after each return.  What it exercises is
# what runs at a CPU's edges: its tear-down and bring-up code, early and
# late, with interrupts coming and going, and its idle task, which never
# returns from the frames it dies in and starts again from the top of
# its stacks, the real one and, with use-after-return, the fake one
# (the runtime frees the frames the last run left claimed).  Any KASan
# report or crash fails the boot (results.py); a CPU that stays offline
# fails the scenario.  Needs CONFIG_HOTPLUG_CPU (x86_64's tinyconfig SMP
# has it).
# shellcheck source=kernel-glue/qemu/scenarios/lib.sh
. /scenarios/lib.sh

rounds=$(param cpuhotplug_rounds 10)
sysfs=/sys/devices/system/cpu
cpus=
for d in "$sysfs"/cpu[1-9]*; do
	[ -w "$d/online" ] && cpus="$cpus ${d##*/}"
done
[ -n "$cpus" ] || scenario_failed "no CPU but the boot CPU can go offline"

set_online() {	# CPU 0|1
	echo "$2" > "$sysfs/$1/online" 2>/dev/null ||
		scenario_failed "$1: online=$2 refused"
	read -r now < "$sysfs/$1/online"
	[ "$now" = "$2" ] || scenario_failed "$1: online is $now, not $2"
}

kasan_counters before
# Not i: churn's counter (lib.sh) is a global too.
round=0
while [ $round -lt "$rounds" ]; do
	for c in $cpus; do
		set_online "$c" 0
		churn 1
		set_online "$c" 1
	done
	churn 2
	round=$((round + 1))
done
say "$rounds rounds of$cpus; online: $($bb cat "$sysfs/online")"
kasan_counters after
scenario_done
