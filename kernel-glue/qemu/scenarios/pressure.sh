#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=dash
# kasan-glue-programs: stress-ng
# kasan-glue-append: mem=192M
#
# Memory pressure on a kernel with little memory (192 MiB: the append line
# above goes onto the boot): freed slab objects first fill the runtime's
# quarantine, then stress-ng's vm and bigheap stressors, as the
# unprivileged user, ask for more memory than there is, for
# kasan_glue.pressure_time seconds (default 30).  Reclaim must ask the
# quarantine's shrinker for memory (the runtime's counters
# quarantine_shrinks and quarantine_shrunk_bytes grow), the OOM killer
# must run, and the kernel must survive without a KASan report
# (results.py).  This shell and /init are kept out of the OOM killer's
# reach; the stressors are not.
# shellcheck source=kernel-glue/qemu/scenarios/lib.sh
. /scenarios/lib.sh

seconds=$(param pressure_time 30)
counter() {	# NAME
	read -r v < /sys/module/kasan/parameters/"$1" 2>/dev/null || v=
	echo "${v:-0}"
}

[ -r /sys/module/kasan/parameters/quarantine_shrinks ] ||
	scenario_failed "the runtime has no quarantine_shrinks counter"
echo -1000 > /proc/self/oom_score_adj
user_home
# Files made and removed: their dentries and inodes go to the quarantine.
i=0
while [ $i -lt 400 ]; do
	echo $i > /tmp/fuzz/q$i
	i=$((i + 1))
done
$bb rm -f /tmp/fuzz/q*
kasan_counters before
shrinks=$(counter quarantine_shrinks)
shrunk=$(counter quarantine_shrunk_bytes)
ooms=$($bb dmesg | $bb grep -c 'Out of memory: Killed process')

# Each worker wants most of memory: together they cannot have it.
# stress-ng starts a killed worker again, so the pressure lasts.
stress_ng "$seconds" --vm 2 --vm-bytes 85% --vm-keep --bigheap 1 || true
kasan_counters after
ooms=$(($($bb dmesg | $bb grep -c 'Out of memory: Killed process') - ooms))
shrinks=$(($(counter quarantine_shrinks) - shrinks))
shrunk=$(($(counter quarantine_shrunk_bytes) - shrunk))
say "OOM kills $ooms, quarantine shrinks $shrinks, bytes released $shrunk"
[ "$ooms" -gt 0 ] || scenario_failed "the OOM killer did not run"
[ "$shrinks" -gt 0 ] && [ "$shrunk" -gt 0 ] ||
	scenario_failed "the quarantine gave nothing back under pressure"
churn 3
scenario_done
