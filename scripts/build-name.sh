#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# build-name.sh CC: the name of CC's directory under build/, the one place
# that name is made (Makefile, kasan-cc, kernel glue, testsuite).
#
#   $ scripts/build-name.sh gcc-12
#   x86_64-linux-gnu-gcc-12
#   $ scripts/build-name.sh arm-linux-gnueabi-gcc-12
#   arm-linux-gnueabi-gcc-12
#
# <target>-gcc-<major>: a plugin only loads into the GCC it was built for,
# and a cross compiler of the same version is another GCC, so the target
# (-dumpmachine) is part of the name as much as the major version.  The
# name is Debian's name for that compiler, whatever CC was called.
set -eu

if [ $# -ne 1 ]; then
	echo "usage: $0 CC" >&2
	exit 2
fi
if ! version=$("$1" -dumpversion 2>/dev/null) ||
   ! machine=$("$1" -dumpmachine 2>/dev/null) ||
   [ -z "$version" ] || [ -z "$machine" ]; then
	echo "build-name.sh: cannot run compiler '$1'" >&2
	exit 1
fi
echo "$machine-gcc-${version%%.*}"
