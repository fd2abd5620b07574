#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Install the Debian packages a make target needs, and nothing when they are
# already there.  Idempotent: the Makefile runs it before every target that
# needs packages, so a fresh machine needs no manual step.
#
# Usage: scripts/install-deps.sh GROUP...
#   plugin  compilers and plugin headers for GCC 11 and 12
#   test    DejaGnu; csmith and its headers (random programs); GCC 12's
#           source, for its gcc.c-torture tests
#   cross   the 32-bit ARM cross compiler GCC 12 with its plugin headers,
#           binutils and C library headers (the testsuite's inputs include
#           <string.h> and friends), for make GCC=arm-linux-gnueabi-gcc-12
#   kernel  linux-source-X.Y for every Linux version the kernel glue has
#           (kernel-glue/linux-X.Y/), what a kernel build needs, and each
#           architecture's packages (kernel-glue/arch/ARCH/arch.conf's
#           PACKAGES: its QEMU, cross compiler, busybox); an arch whose
#           busybox is another Debian architecture's package (BUSYBOX_DEB,
#           e.g. busybox-static:armel, which conflicts with the amd64
#           busybox-static) gets it downloaded and extracted under build/
#   bench   QEMU's TCG plugin header (qemu-plugin.h, which no Debian binary
#           package ships), for the kernel benchmark's instruction profile:
#           taken from Debian's source package of the installed
#           qemu-system-x86 (deb-src lines for Debian's own archive are
#           added if apt has none) into build/qemu-plugin/
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)

pkgs_plugin="gcc-12 g++-12 gcc-12-plugin-dev gcc-11 g++-11 gcc-11-plugin-dev \
	libgmp-dev libmpfr-dev libmpc-dev make"
pkgs_test="dejagnu csmith libcsmith-dev gcc-12-source"
pkgs_cross="gcc-12-arm-linux-gnueabi gcc-12-plugin-dev-arm-linux-gnueabi \
	binutils-arm-linux-gnueabi libc6-dev-armel-cross"
# The glue's versions are its directories; no version is named here.
kernel_sources=$(for d in "$root"/kernel-glue/linux-*/; do
	[ -d "$d" ] || continue
	d=${d%/}
	echo "linux-source-${d##*/linux-}"
done)
# Each architecture's PACKAGES and BUSYBOX_DEB (its arch.conf, read in a
# subshell); no architecture is named here either.
arch_var() {	# ARCH.CONF NAME
	# shellcheck source=/dev/null
	(. "$1" && eval "echo \"\${$2:-}\"")
}
arch_pkgs=
for conf in "$root"/kernel-glue/arch/*/arch.conf; do
	[ -f "$conf" ] && arch_pkgs="$arch_pkgs $(arch_var "$conf" PACKAGES)"
done
pkgs_kernel="$kernel_sources $arch_pkgs flex bison bc \
	libelf-dev libssl-dev cpio xz-utils python3 patch"

want=""
for group in "$@"; do
	case "$group" in
	plugin) want="$want $pkgs_plugin" ;;
	test) want="$want $pkgs_test" ;;
	cross) want="$want $pkgs_cross" ;;
	kernel) want="$want $pkgs_kernel" ;;
	bench) want="$want qemu-system-x86 xz-utils dpkg-dev" ;;
	*) echo "install-deps: unknown group '$group' (plugin, test, cross, kernel, bench)" >&2
	   exit 2 ;;
	esac
done

# foreign_busybox CONF: download the arch's BUSYBOX_DEB (PACKAGE:DEBARCH)
# and extract it into the directory above its BUSYBOX's bin/, unless the
# binary is there; adds DEBARCH to dpkg's architectures if needed (root).
foreign_busybox() {
	deb=$(arch_var "$1" BUSYBOX_DEB)
	bin=$(arch_var "$1" BUSYBOX)
	[ -n "$deb" ] || return 0
	case "$bin" in /*) ;; *) bin=$root/$bin ;; esac
	[ -x "$bin" ] && return 0
	dest=${bin%/bin/busybox}
	debarch=${deb#*:}
	if ! dpkg --print-foreign-architectures | grep -qx "$debarch" &&
	   [ "$(dpkg --print-architecture)" != "$debarch" ]; then
		if [ "$(id -u)" -ne 0 ]; then
			echo "install-deps: $deb needs dpkg architecture $debarch;" \
			     "run as root, or: sudo dpkg --add-architecture" \
			     "$debarch && sudo apt-get update" >&2
			return 1
		fi
		dpkg --add-architecture "$debarch"
		apt-get update -qq
	fi
	echo "install-deps: downloading $deb into $dest"
	tmp=$dest.tmp.$$
	rm -rf "$tmp"
	mkdir -p "$tmp/deb"
	if ! (cd "$tmp/deb" && apt-get download -q "$deb" >/dev/null 2>&1) ||
	   ! dpkg-deb -x "$tmp"/deb/*.deb "$tmp/root" ||
	   [ ! -x "$tmp/root/bin/busybox" ]; then
		rm -rf "$tmp"
		echo "install-deps: could not download and extract $deb" \
		     "(apt-get download $deb)" >&2
		return 1
	fi
	rm -rf "$dest"
	mkdir -p "$(dirname "$dest")"
	mv "$tmp/root" "$dest"
	rm -rf "$tmp"
}

# qemu_plugin_header: build/qemu-plugin/qemu-plugin.h from the source
# package of the installed QEMU (its plugin API version must match).
qemu_plugin_header() {
	dest=$root/build/qemu-plugin
	[ -f "$dest/qemu-plugin.h" ] && return 0
	version=$(dpkg-query -W -f='${source:Version}' qemu-system-x86)
	if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list \
	     /etc/apt/sources.list.d/; then
		if [ "$(id -u)" -ne 0 ]; then
			echo "install-deps: QEMU's plugin header needs deb-src" \
			     "lines in apt's sources; run as root" >&2
			return 1
		fi
		cat > /etc/apt/sources.list.d/kasan-plugin-deb-src.sources <<-EOF
		Types: deb-src
		URIs: http://deb.debian.org/debian
		Suites: bookworm bookworm-updates
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

		Types: deb-src
		URIs: http://deb.debian.org/debian-security
		Suites: bookworm-security
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
		EOF
		apt-get update -qq
	fi
	echo "install-deps: QEMU $version's plugin header into $dest"
	tmp=$dest.tmp.$$
	rm -rf "$tmp"
	mkdir -p "$tmp"
	if ! (cd "$tmp" && apt-get source -qq --download-only \
			"qemu=$version" >/dev/null 2>&1) ||
	   ! tar -xJf "$tmp"/qemu_*.orig.tar.xz -C "$tmp" --wildcards \
			'*/include/qemu/qemu-plugin.h'; then
		rm -rf "$tmp"
		echo "install-deps: could not get qemu-plugin.h from Debian's" \
		     "source package qemu=$version (apt-get source qemu)" >&2
		return 1
	fi
	mkdir -p "$dest"
	mv "$tmp"/*/include/qemu/qemu-plugin.h "$dest/"
	rm -rf "$tmp"
}

missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
		missing="$missing $p"
	fi
done

if [ -n "$missing" ]; then
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
fi

case " $* " in *" kernel "*)
	for conf in "$root"/kernel-glue/arch/*/arch.conf; do
		[ -f "$conf" ] || continue
		foreign_busybox "$conf" || exit 1
	done ;;
esac
case " $* " in *" bench "*) qemu_plugin_header || exit 1 ;; esac
