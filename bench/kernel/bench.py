#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The kernel benchmark: the test kernel's config built five ways, each
booted in QEMU with -icount shift=0,sleep=off (the guest's clock counts
instructions, so a run is repeatable) on one CPU, /init timing phases of
system-call-heavy work (init in this directory).  Not a test: it prints
ratios.

  bench.py --tree build/linux-X.Y --prefix build/kernel-X.Y
           --plugin kasan.so --cc gcc-12 [--mode inline] --out DIR

One Linux version per run (make bench-kernel runs one per version in
KERNEL, each into build/bench-kernel-X.Y).  Variants (build directories
PREFIX-COMPILER-RUNTIME-MODE, as make kernel-check names them for the
version's PREFIX build/kernel-X.Y, so its kernels are reused):
  none              no KASan (kasan.config less its KASAN and KUNIT lines)
  native-mainline   GCC's -fsanitize=kernel-address, mainline's mm/kasan
  native-own        GCC's, our runtime
  plugin-mainline   kasan.so, mainline's runtime
  plugin-own        kasan.so, our runtime

Ratios are against none (what KASan costs) and against native-mainline
(what we cost next to the kernel's own KASan).  Comparing the runtimes
with one compiler separates the checks' cost from the runtime's.  The
numbers also go to DIR/bench-kernel.json.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GLUE = os.path.join(ROOT, "kernel-glue")
PHASE = re.compile(r"kasan-bench: (\w+) (\d+\.\d+) (\d+\.\d+)\s*$")
VARIANTS = [("none", "none", None), ("native-mainline", "native", "mainline"),
            ("native-own", "native", "own"),
            ("plugin-mainline", "plugin", "mainline"),
            ("plugin-own", "plugin", "own")]


def build(args, compiler, runtime):
    if compiler == "none":
        out = "%s-none" % args.prefix
    else:
        out = "%s-%s-%s-%s" % (args.prefix, compiler, runtime, args.mode)
    env = dict(os.environ, REAL_CC=args.cc, KASAN_PLUGIN=args.plugin,
               KASAN_RUNTIME=runtime or "own")
    subprocess.run(["sh", os.path.join(GLUE, "scripts", "build-kernel.sh"),
                    args.tree, out, args.mode, compiler], env=env,
                   check=True)
    return out


def boot(kernel_dir, initramfs, log):
    env = dict(os.environ, BOOT_SMP="1", KUNIT_FILTER="none",
               BOOT_QEMU_ARGS="-icount shift=0,sleep=off",
               BOOT_TIMEOUT=os.environ.get("BOOT_TIMEOUT", "900"))
    subprocess.run(["sh", os.path.join(GLUE, "qemu", "boot.sh"),
                    os.path.join(kernel_dir, "arch/x86/boot/bzImage"),
                    initramfs, log], env=env, check=True)
    phases = {}
    for line in open(log, errors="replace"):
        m = PHASE.search(line)
        if m:
            phases[m.group(1)] = round(float(m.group(3)) -
                                       float(m.group(2)), 2)
    if not phases:
        sys.exit("bench: no timed phases in %s" % log)
    phases["total"] = round(sum(phases.values()), 2)
    return phases


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "n/a"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--mode", default="inline", choices=("inline", "outline"))
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    args.plugin = os.path.abspath(args.plugin)
    os.makedirs(args.out, exist_ok=True)

    initramfs = os.path.join(args.out, "bench-initramfs.cpio")
    subprocess.run([sys.executable, os.path.join(GLUE, "qemu",
                                                 "mkinitramfs.py"), initramfs],
                   env=dict(os.environ,
                            INITRAMFS_INIT=os.path.join(HERE, "init")),
                   check=True)
    results = {}
    for label, compiler, runtime in VARIANTS:
        print("== bench-kernel: %s (%s)" % (label, args.mode), flush=True)
        kdir = build(args, compiler, runtime)
        log = os.path.join(args.out, "serial-%s.log" % label)
        results[label] = boot(kdir, initramfs, log)

    phases = list(results["none"])
    print("\n  guest seconds (-icount shift=0: instructions), %s mode" %
          args.mode)
    print("  %-16s" % "" + "".join("%12s" % p for p in phases))
    for label in results:
        print("  %-16s" % label + "".join(
            "%12.2f" % results[label].get(p, 0) for p in phases))
    print("\n  ratios (total)    vs none   vs native-mainline")
    base, ref = results["none"]["total"], results["native-mainline"]["total"]
    for label in results:
        t = results[label]["total"]
        print("  %-16s %9s %9s" % (label, ratio(t, base), ratio(t, ref)))
    with open(os.path.join(args.out, "bench-kernel.json"), "w") as f:
        json.dump({"mode": args.mode, "guest_seconds": results}, f, indent=1)
    print("\n  (numbers in %s)" % os.path.join(args.out, "bench-kernel.json"))


if __name__ == "__main__":
    main()
