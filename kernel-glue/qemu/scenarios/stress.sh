#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=dash
# kasan-glue-programs: stress-ng
#
# stress-ng's stressors of the paths the runtime hooks (slab, pages,
# vmalloc'd stacks, the quarantine): virtual memory, mmap, fork, malloc,
# pipes, sockets, SysV shared memory, messages and semaphores, timers,
# dentry and inode churn, one instance each on the two vCPUs, for
# kasan_glue.stress_time seconds (default 60), as the unprivileged user.
# The runtime's counters are printed before and after; any KASan report
# fails the boot (results.py), a hung guest its timeout.
# shellcheck source=kernel-glue/qemu/scenarios/lib.sh
. /scenarios/lib.sh

seconds=$(param stress_time 60)
user_home
net_up
# POSIX shared memory (the shm stressor) lives in /dev/shm.
$bb mkdir -p /dev/shm
$bb grep -q ' /dev/shm ' /proc/mounts ||
	$bb mount -t tmpfs -o size=32m,mode=1777 shm /dev/shm
kasan_counters before
stress_ng "$seconds" --vm 1 --vm-bytes 32M --mmap 1 --mmap-bytes 16M \
	--fork 1 --malloc 1 --pipe 1 --sock 1 --shm 1 --msg 1 --sem 1 \
	--timer 1 --dentry 1 --dir 1 --inode-flags 1 ||
	scenario_failed "stress-ng did not run"
kasan_counters after
scenario_done
