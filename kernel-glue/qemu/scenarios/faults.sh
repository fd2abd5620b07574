#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=dash
# kasan-glue-programs: stress-ng trinity
#
# Injected allocation failures (CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC,
# steered through debugfs) while a workload runs, then none while it runs
# again.  Every path of the runtime that allocates or maps (the stack
# depot's pages, vmalloc'd stacks' shadow, the quarantine) must degrade
# cleanly: no crash, no KASan report (results.py judges the whole log),
# and nothing poisoned left behind on memory that is used again, which
# the clean run after would report.
#
#   phase 1  the workload's own tasks only (task-filter, make-it-fail):
#            kasan_glue.faults_percent (default 10) of their slab and
#            page allocations fail, sleeping ones too (ignore-gfp-wait=N),
#            order 0 included; stress-ng's fork, vm, mmap, dentry, pipe
#            and malloc stressors for kasan_glue.faults_time s (default 20)
#   phase 1b every page allocation of the pthread stressor's, 10 s
#   phase 2a every task's page allocations of order 2 and more (the stack
#            depot's) during 3000 system calls of Trinity (seed 3), whose
#            many new stacks fill the depot's pages
#   phase 2  every task, kernel threads and interrupts included, 1 in 100
#            allocations, during 12 s of fork, dentry and pipe stressors
#   phase 3  no failures: the same stress-ng run, which must succeed.
# The scenario fails if no failure was injected (the test would prove
# nothing) or if the clean run fails.
# shellcheck source=kernel-glue/qemu/scenarios/lib.sh
. /scenarios/lib.sh

percent=$(param faults_percent 10)
seconds=$(param faults_time 20)
dbg=/sys/kernel/debug
# How many failures each attribute may still inject (times counts down).
budget=1000000

faults_set() {	# TASK_FILTER PROBABILITY INTERVAL
	for a in failslab fail_page_alloc; do
		echo "$1" > "$dbg/$a/task-filter"
		echo "$3" > "$dbg/$a/interval"
		echo "$2" > "$dbg/$a/probability"
	done
}

# Off, and made sure of: writing may itself fail while failures are on.
faults_off() {
	for a in failslab fail_page_alloc; do
		p=1
		while [ "$p" != 0 ]; do
			echo 0 > "$dbg/$a/probability" 2>/dev/null
			read -r p < "$dbg/$a/probability" 2>/dev/null || p=1
		done
	done
}

faults_init() {
	for a in failslab fail_page_alloc; do
		[ -d $dbg/$a ] ||
			scenario_failed "no $dbg/$a (CONFIG_FAULT_INJECTION_DEBUG_FS)"
		echo 0 > "$dbg/$a/probability"
		echo $budget > "$dbg/$a/times"
		echo 0 > "$dbg/$a/space"
		echo 0 > "$dbg/$a/verbose"
		echo N > "$dbg/$a/ignore-gfp-wait"
	done
	echo N > "$dbg/fail_page_alloc/ignore-gfp-highmem"
	echo 0 > "$dbg/fail_page_alloc/min-order"
}

# The failures ATTR injected since the last call, and a full budget for
# the next phase (a phase whose tasks retry a failed page fault can spend
# a whole budget).
injected() {	# ATTR
	read -r left < "$dbg/$1/times"
	echo $budget > "$dbg/$1/times"
	echo $((budget - left))
}

# --fork-max: many children at once, so that their stacks (vmalloc'd)
# miss the kernel's cache of stacks and need new shadow pages.
workload() {
	stress_ng "$seconds" --fork 2 --fork-max 24 --vm 1 --vm-bytes 16M \
		--mmap 1 --mmap-bytes 8M --dentry 1 --pipe 1 --malloc 1
}

mount_debugfs
faults_init
user_home
kasan_counters before

# The shell that runs a scenario dies when it cannot fork: phase 1 marks
# only the stress-ng processes (make-it-fail, written by this root shell
# once they run; their children inherit it); in phase 2 this shell forks
# nothing while failures are on.
mark_stress_ng() {
	marked=0
	for p in /proc/[0-9]*; do
		read -r comm < "$p/comm" 2>/dev/null || continue
		case $comm in
		stress-ng*) echo 1 > "$p/make-it-fail" 2>/dev/null &&
			marked=$((marked + 1)) ;;
		esac
	done
}

say "phase 1: $percent% of the workload's allocations fail"
workload > /tmp/faults-phase1.out 2>&1 &
$bb sleep 3
mark_stress_ng
faults_set Y "$percent" 1
wait
faults_off
$bb cat /tmp/faults-phase1.out
say "phase 1: $marked processes marked"

# Every page allocation of stress-ng's thread makers fails for a few
# seconds: a new thread whose kernel stack misses the stack cache needs
# new vmalloc shadow, which cannot be had (vmalloc_shadow_failures).
# Threads, not forks: a fork's copy-on-write faults would stop the
# parent at once.  The quarantine is emptied first (drop_caches runs the
# shrinkers), so that new tasks find slab objects without new pages.
say "phase 1b: every page allocation of stress-ng's pthread stressor fails"
stress_ng 15 --pthread 2 --pthread-max 64 > /tmp/faults-phase1.out 2>&1 &
$bb sleep 3
mark_stress_ng
echo 2 > /proc/sys/vm/drop_caches
echo Y > "$dbg/fail_page_alloc/task-filter"
echo 1 > "$dbg/fail_page_alloc/interval"
echo 100 > "$dbg/fail_page_alloc/probability"
$bb sleep 10
faults_off
wait
$bb cat /tmp/faults-phase1.out
slab1=$(injected failslab)
page1=$(injected fail_page_alloc)
say "phase 1b: $marked processes marked; phases 1 and 1b injected failslab=$slab1 fail_page_alloc=$page1"

# Failures for every task of ATTRS (failslab, fail_page_alloc) while
# COMMAND runs in the background, for at most SECONDS: this shell only
# waits, in a loop of builtins (no fork, which would end it if it
# failed), then ends them.
global_phase() {	# SECONDS "ATTRS" PROBABILITY INTERVAL COMMAND...
	t=$1 attrs=$2 prob=$3 int=$4
	shift 4
	"$@" > /tmp/faults-phase2.out 2>&1 &
	job=$!
	$bb sleep 3
	read -r up rest < /proc/uptime
	end=$((${up%%.*} + t))
	for a in $attrs; do
		echo N > "$dbg/$a/task-filter"
		echo "$int" > "$dbg/$a/interval"
		echo "$prob" > "$dbg/$a/probability"
	done
	while [ -d /proc/$job ]; do
		read -r up rest < /proc/uptime 2>/dev/null || continue
		[ "${up%%.*}" -lt "$end" ] || break
	done
	faults_off
	wait
	$bb cat /tmp/faults-phase2.out
}

# Trinity, as the unprivileged user: OPS system calls from SEED (called
# through global_phase).
# shellcheck disable=SC2317
fuzz() {	# OPS SEED
	trinity_dir /tmp/fuzz/faults-trinity
	as_user "cd /tmp/fuzz/faults-trinity && $bb timeout -s KILL 600 \
		/usr/bin/trinity -q -l off -s $2 -N $1 -C 2 $TRINITY_OPTIONS \
		-V /tmp/fuzz/faults-trinity/victims" 2>&1 |
		$bb tail -n 3 | $bb sed 's/^/  trinity: /'
}

# The stack depot grows by order-2 pages, which new alloc and free stacks
# need: Trinity makes many; a depot that cannot grow gives handle 0
# (stack_depot_failures).  Task stacks are order 0 (vmalloc'd).
say "phase 2a: every page allocation of order 2 and more fails"
echo 2 > "$dbg/fail_page_alloc/min-order"
global_phase 60 fail_page_alloc 100 1 fuzz 3000 3
echo 0 > "$dbg/fail_page_alloc/min-order"
injected failslab > /dev/null
page2a=$(injected fail_page_alloc)
say "phase 2a: injected fail_page_alloc=$page2a"

say "phase 2: 1 in 100 allocations of every task fail"
global_phase 12 "failslab fail_page_alloc" 100 100 stress_ng 12 --fork 1 \
	--fork-max 8 --dentry 1 --pipe 1
slab2=$(injected failslab)
page2=$(injected fail_page_alloc)
say "phase 2: injected failslab=$slab2 fail_page_alloc=$page2"
kasan_counters faulted

say "phase 3: no failures"
churn 5
workload || scenario_failed "the workload fails after the failures ended"
kasan_counters after
[ "$slab1" -gt 0 ] && [ "$page1" -gt 0 ] ||
	scenario_failed "phase 1 injected no failure (failslab $slab1, fail_page_alloc $page1)"
[ $((slab2 + page2)) -gt 0 ] || scenario_failed "phase 2 injected no failure"
scenario_done
