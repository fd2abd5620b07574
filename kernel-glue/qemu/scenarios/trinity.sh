#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=dash
# kasan-glue-programs: trinity
#
# Trinity, the system call fuzzer, as the unprivileged user, with a fixed
# seed so that a run repeats: kasan_glue.trinity_seed (default 1),
# kasan_glue.trinity_ops system calls in all (default 8000, the short run
# of make kernel-test), kasan_glue.trinity_children child processes
# (default 2, one per vCPU), and at most kasan_glue.trinity_timeout
# seconds (default 600).  Any KASan report it triggers fails the boot
# (results.py: a stray report); the scenario itself fails when Trinity
# cannot run or is cut off by the timeout.
# shellcheck source=kernel-glue/qemu/scenarios/lib.sh
. /scenarios/lib.sh

seed=$(param trinity_seed 1)
ops=$(param trinity_ops 8000)
children=$(param trinity_children 2)
limit=$(param trinity_timeout 600)
user_home
# System V shared memory as small as the tmpfs: what the fuzzer writes
# must not make the OOM killer end it.
echo 12288 > /proc/sys/kernel/shmall
echo 16777216 > /proc/sys/kernel/shmmax
net_up
work=/tmp/fuzz/trinity
trinity_dir $work
# -q: no line per call on the console; -l off: no log files.
# ulimit -f: no file of the fuzzer's, memfd or tmpfs, may outgrow 16 MiB
# (512-byte blocks), so that what it writes cannot fill memory.
# --disable-fds=sockets: see TRINITY_OPTIONS in lib.sh.
kasan_counters before
say "trinity -s $seed -N $ops -C $children (at most $limit s)"
start=$($bb date +%s)
as_user "cd $work && ulimit -f 32768 && $bb timeout -s KILL $limit \
	/usr/bin/trinity -q -l off -s $seed -N $ops -C $children \
	$TRINITY_OPTIONS -V $work/victims; echo trinity-exit=\$?" \
	> /tmp/trinity.out 2>&1
end=$($bb date +%s)
$bb tail -n 25 /tmp/trinity.out | $bb sed 's/^/  trinity: /'
status=$($bb sed -n 's/^trinity-exit=//p' /tmp/trinity.out)
kasan_counters after
say "ran $((end - start)) s"
[ $((end - start)) -lt "$limit" ] ||
	scenario_failed "Trinity did not finish in $limit s"
[ "$status" = 0 ] || scenario_failed "Trinity exited with status ${status:-none}"
scenario_done
