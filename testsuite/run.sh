#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Run the DejaGnu testsuite for one compiler.
#
#   testsuite/run.sh CC OUTDIR [RUNTEST-ARGS...]
#
# CC is the GCC to test (gcc-12, gcc-11, ...); the plugin for it must be
# built (make GCC=CC).  OUTDIR receives kasan.sum, kasan.log and the
# compiler's output files.  Extra arguments go to runtest, for example
# "compile.exp=load4.c" to run one test, or KASAN_NATIVE=1
# to check the expectations against GCC's own -fsanitize=kernel-address.
# KASAN_CC (environment) overrides the driver, default build/bin/kasan-cc.
# Exits with runtest's status: 0 when nothing failed.
set -eu

if [ $# -lt 2 ]; then
	echo "usage: $0 CC OUTDIR [RUNTEST-ARGS...]" >&2
	exit 2
fi
cc=$1
outdir=$2
shift 2

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
kasan_cc=${KASAN_CC:-$root/build/bin/kasan-cc}

if ! command -v runtest >/dev/null 2>&1; then
	echo "run.sh: runtest not found (install dejagnu:" \
	     "scripts/install-deps.sh test)" >&2
	exit 2
fi

mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
cd "$outdir"
# runtest writes into the current directory; --outdir is for the logs.
exec runtest --tool kasan --srcdir "$here" --outdir "$outdir" \
	KASAN_CC="$kasan_cc" CC="$cc" "$@"
