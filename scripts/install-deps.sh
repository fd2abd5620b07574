#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Install the Debian packages a make target needs, and nothing when they are
# already there.  Idempotent: the Makefile runs it before every target that
# needs packages, so a fresh machine needs no manual step.
#
# Usage: scripts/install-deps.sh GROUP...
#   plugin  compilers and plugin headers for GCC 11 and 12
#   test    DejaGnu
#   cross   the 32-bit ARM cross compiler GCC 12 with its plugin headers,
#           binutils and C library headers (the testsuite's inputs include
#           <string.h> and friends), for make GCC=arm-linux-gnueabi-gcc-12
#   kernel  linux-source-X.Y for every Linux version the kernel glue has
#           (kernel-glue/linux-X.Y/), QEMU and what a kernel build needs
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)

pkgs_plugin="gcc-12 g++-12 gcc-12-plugin-dev gcc-11 g++-11 gcc-11-plugin-dev \
	libgmp-dev libmpfr-dev libmpc-dev make"
pkgs_test="dejagnu"
pkgs_cross="gcc-12-arm-linux-gnueabi gcc-12-plugin-dev-arm-linux-gnueabi \
	binutils-arm-linux-gnueabi libc6-dev-armel-cross"
# The glue's versions are its directories; no version is named here.
kernel_sources=$(for d in "$root"/kernel-glue/linux-*/; do
	[ -d "$d" ] || continue
	d=${d%/}
	echo "linux-source-${d##*/linux-}"
done)
pkgs_kernel="$kernel_sources qemu-system-x86 busybox-static flex bison bc \
	libelf-dev libssl-dev cpio xz-utils python3 patch"

want=""
for group in "$@"; do
	case "$group" in
	plugin) want="$want $pkgs_plugin" ;;
	test) want="$want $pkgs_test" ;;
	cross) want="$want $pkgs_cross" ;;
	kernel) want="$want $pkgs_kernel" ;;
	*) echo "install-deps: unknown group '$group' (plugin, test, cross, kernel)" >&2
	   exit 2 ;;
	esac
done

missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages:$missing" >&2
	echo "install-deps: run as root, or: sudo apt-get install$missing" >&2
	exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
if ! apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
	echo "install-deps: apt-get could not install:$missing" >&2
	exit 1
fi
