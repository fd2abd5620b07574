# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=dash
#
# What the guest scenarios (/scenarios/NAME.sh, run by /init for
# kasan_glue.scenarios=NAME,...) share; each sources it first.  A
# scenario ends with scenario_done or scenario_failed REASON, the one line
# results.py judges ("kasan-glue: scenario NAME: done" or "... failed:
# REASON"); the runtime's counters, before and after, are
# "kasan-glue: scenario NAME: LABEL KEY=VALUE ..." lines.
#
# A scenario file's header may carry lines the host reads:
#   # kasan-glue-programs: PROG ...   host programs (with the shared
#                                     libraries ldd lists) that
#                                     mkinitramfs.py packs
#   # kasan-glue-append: PARAM ...    kernel parameters run-variant.sh adds
#                                     to the boot (e.g. mem=192M)
bb=/bin/busybox
# The unprivileged user of /etc/passwd (mkinitramfs.py).
SCENARIO_USER=fuzz
SCENARIO_NAME=${SCENARIO_NAME:-${0##*/}}
SCENARIO_NAME=${SCENARIO_NAME%.sh}

say() {
	echo "kasan-glue: scenario $SCENARIO_NAME: $*"
}

scenario_done() {
	say "done"
	exit 0
}

scenario_failed() {	# REASON
	say "failed: $*"
	exit 1
}

# One line of the runtime's counters (/sys/module/kasan/parameters/*) and
# the memory state, labelled LABEL ("before", "after").
kasan_counters() {	# LABEL
	line=""
	for f in /sys/module/kasan/parameters/*; do
		[ -r "$f" ] || continue
		read -r v < "$f" 2>/dev/null || continue
		case $v in *[!0-9]*|'') continue ;; esac
		line="$line ${f##*/}=$v"
	done
	while read -r key val rest; do
		case $key in
		MemFree:|MemAvailable:|Slab:) line="$line ${key%:}_kB=$val" ;;
		esac
	done < /proc/meminfo
	say "$1$line"
}

# Run COMMAND, a shell command line, as the unprivileged user.
as_user() {	# COMMAND
	$bb su -s /bin/sh "$SCENARIO_USER" -c "$1"
}

mount_debugfs() {
	[ -d /sys/kernel/debug/fail_page_alloc ] ||
		$bb mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
}

# The value of kernel parameter kasan_glue.KEY=VALUE, or DEFAULT: how a
# run by hand changes a scenario's bounds (KERNEL_SCENARIO_ARGS).
param() {	# KEY DEFAULT
	for arg in $($bb cat /proc/cmdline); do
		case $arg in
		kasan_glue.$1=*) echo "${arg#"kasan_glue.$1="}"; return ;;
		esac
	done
	echo "$2"
}

# A home for the unprivileged user, which it owns: a tmpfs of its own, so
# that what it writes there cannot take all memory (the rootfs may take
# half of it).
user_home() {
	$bb mkdir -p /tmp/fuzz
	$bb grep -q ' /tmp/fuzz ' /proc/mounts ||
		$bb mount -t tmpfs -o size=48m,nr_inodes=20000 fuzz /tmp/fuzz
	$bb chown 1000:1000 /tmp/fuzz
	cd /tmp/fuzz || scenario_failed "no /tmp/fuzz"
}

# trinity_dir DIR: a Trinity run's working directory, with the files it
# opens, maps, locks and truncates in DIR/victims (its -V), made afresh
# for every run and owned by the unprivileged user, so that what an
# earlier fuzzer run did there cannot stop this one before its first
# call.  A run whose only victim is its directory replaces it by a link
# to itself, an unreadable file or an unreadable directory: with -V
# Trinity walks the victims following symbolic links, a loop ends the
# walk (ELOOP), and it stops ("No files in file list") when it may open
# none of them (Debian's git 20230109: pathnames.c, fds/files.c).
trinity_dir() {
	$bb rm -rf "$1"
	$bb mkdir -p "$1/victims/dir" || scenario_failed "cannot make $1"
	for f in a b c; do
		echo "kasan-glue victim $f" > "$1/victims/$f" ||
			scenario_failed "cannot write $1/victims/$f"
	done
	$bb chown -R 1000:1000 "$1"
}

# What every Trinity run is given.  --disable-fds=sockets: Debian's
# Trinity would crash (SIGSEGV) while it opens its sockets, before its
# first call, for most seeds and victims: the option setting them picks
# a protocol as rnd() % PF_MAX (46) from its 45-entry net_protocols[] and
# calls through what lies past the end (upstream's fix: dfa75c437, April
# 2023).  Without its own sockets it still fuzzes socket() and the other
# network calls; a child that hits the same bug dies and is replaced.
# shellcheck disable=SC2034
TRINITY_OPTIONS=--disable-fds=sockets

# The loopback interface, for the socket stressors and the fuzzer.
net_up() {
	$bb ip link set lo up 2>/dev/null || true
}

# stress-ng as the unprivileged user, for at most SECONDS (and 60 s more
# to wind down); its last lines go to the console.  Its exit status: 0,
# or 3 and 4 (a stressor found no resource, or is not implemented on this
# kernel), are a run; anything else is not.
stress_ng() {	# SECONDS ARGS...
	t=$1
	shift
	as_user "cd /tmp/fuzz && $bb timeout -s KILL $((t + 60)) \
		/usr/bin/stress-ng --temp-path /tmp/fuzz --timeout ${t}s \
		--metrics-brief $*; echo stress-ng-exit=\$?" > /tmp/stress-ng.out 2>&1
	$bb grep -v '^stress-ng-exit=' /tmp/stress-ng.out | $bb tail -n 30 |
		$bb sed 's/^/  stress-ng: /'
	status=$($bb sed -n 's/^stress-ng-exit=//p' /tmp/stress-ng.out)
	say "stress-ng exit status ${status:-none}"
	case $status in 0|3|4) return 0 ;; *) return 1 ;; esac
}

# A short busybox churn on both vCPUs: fork and exec, pipes, a tree of
# files written, renamed and removed.
churn() {	# ROUNDS
	i=0
	while [ $i -lt "$1" ]; do
		$bb seq 1 500 | $bb sort -r | $bb md5sum > /dev/null &
		( $bb mkdir -p /tmp/churn$i/a/b && echo $i > /tmp/churn$i/a/f &&
		  $bb mv /tmp/churn$i/a/f /tmp/churn$i/a/b/g &&
		  $bb cat /tmp/churn$i/a/b/g > /dev/null ) &
		$bb ls -R /proc/self > /dev/null 2>&1 &
		wait
		$bb rm -rf /tmp/churn$i
		i=$((i + 1))
	done
}
