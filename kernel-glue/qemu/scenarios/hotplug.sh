#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=dash
#
# Guest scenario "hotplug": memory that came at run time gets shadow, and
# gives it back.  The kernel needs memory hotplug through ACPI
# (configs/x86_64-5level-hotplug.config, or defconfig's) and QEMU a
# pc-dimm, onlined at boot as movable memory:
#   BOOT_QEMU_ARGS="-m 512M,slots=2,maxmem=2G
#     -object memory-backend-ram,id=hp1,size=256M
#     -device pc-dimm,id=dimm1,memdev=hp1"
#   BOOT_APPEND="memhp_default_state=online_movable
#     kasan_glue.scenarios=hotplug"
# The DIMM's memory blocks (those in ZONE_MOVABLE) go offline, online
# again, get used (a tmpfs filled until the movable zone's free pages
# drop), and offline again; after each step the runtime's count of the
# shadow it mapped for such memory
# (/sys/module/kasan/parameters/hotplug_shadow_bytes) must be what the
# online blocks need: an eighth of their size.  Prints
# "kasan-glue: scenario hotplug: done" or "... failed: REASON".  On a
# kernel with mainline's runtime (no kasan module parameters; its shadow
# for added memory is mm/kasan's business) the same steps run, without
# the counter checks: reports and crashes are what is judged there.
bb=/bin/busybox
mem=/sys/devices/system/memory
param=/sys/module/kasan/parameters/hotplug_shadow_bytes

fail() {
	echo "kasan-glue: scenario hotplug: failed: $*"
	exit 1
}

counter() {
	read -r v < "$param" || fail "no $param"
	echo "$v"
}

# The movable zone's free pages (the hot-added memory's, here).
movable_free() {
	$bb awk '/^Node .* zone/ { z = $4 }
		 z == "Movable" && $1 == "nr_free_pages" { print $2; exit }' \
		/proc/zoneinfo
}

set_state() {	# STATE: every hot-added block to it
	for b in $blocks; do
		echo "$1" > "$mem/$b/state" || fail "$b: $1 refused"
	done
}

check_counter() {	# STEP ONLINE_BLOCKS
	if [ "$own_runtime" = n ]; then
		echo "kasan-glue: hotplug: $1: $2 blocks online"
		return 0
	fi
	got=$(counter)
	want=$(( $2 * block / 8 ))
	echo "kasan-glue: hotplug: $1: hotplug_shadow_bytes=$got (want $want)"
	[ "$got" -eq "$want" ] || fail "$1: hotplug_shadow_bytes $got, not $want"
}

own_runtime=n
if [ -d /sys/module/kasan/parameters ]; then
	own_runtime=y
	[ -r "$param" ] || fail "no $param (kernel without memory hotplug?)"
fi
read -r hex < "$mem/block_size_bytes" || fail "no $mem"
block=$(( 0x$hex ))
blocks=""
n=0
for d in "$mem"/memory*; do
	read -r zones < "$d/valid_zones" 2>/dev/null || continue
	read -r state < "$d/state"
	if [ "$state" = online ] && [ "$zones" = Movable ]; then
		blocks="$blocks ${d##*/}"
		n=$((n + 1))
	fi
done
[ "$n" -gt 0 ] || fail "no hot-added (movable) memory block online"
echo "kasan-glue: hotplug: $n blocks of $block bytes:$blocks"

check_counter "after boot" "$n"
set_state offline
check_counter "offline" 0
set_state online_movable
check_counter "online again" "$n"

free0=$(movable_free)
$bb mkdir -p /tmp/hotplug
$bb mount -t tmpfs -o size=90% tmpfs /tmp/hotplug || fail "no tmpfs"
avail=$($bb awk '/^MemFree:/ { print int($2 / 1024) }' /proc/meminfo)
$bb dd if=/dev/zero of=/tmp/hotplug/fill bs=1M count=$((avail - 48)) \
	2>/dev/null
free1=$(movable_free)
echo "kasan-glue: hotplug: movable free pages $free0 -> $free1 (tmpfs filled)"
[ "$free1" -lt $((free0 / 2)) ] || fail "the tmpfs did not use the added memory"
$bb rm /tmp/hotplug/fill
$bb umount /tmp/hotplug

set_state offline
check_counter "offline after use" 0
echo "kasan-glue: scenario hotplug: done"
