#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The kernel benchmark: the test kernel's config built several ways,
each booted in QEMU with -icount shift=0,sleep=off (the guest's clock
counts instructions, so a run is repeatable) on one CPU, /init timing
phases of system-call-heavy work (init in this directory), and QEMU's
TCG plugin insn-profile.so counting every block the guest runs between
the workload's first and last sync(2) (profile.py groups them by
function: checks, stacks, quarantine, ...), and /proc/meminfo's slab
lines and each cache's pages and objects (/proc/slabinfo) after the
workload and again once every cache is shrunk (which empties the
quarantines).  Not a test: it prints ratios, profiles,
counts and memory.

  bench.py --tree build/linux-X.Y --prefix build/kernel-X.Y
           --plugin kasan.so --profiler insn-profile.so --cc gcc-12
           [--mode inline] [--boots A,B] [--reprofile] --out DIR

Kernels (build directories PREFIX-COMPILER-RUNTIME-MODE, as make
kernel-check names them, so its kernels are reused):
  none              no KASan (kasan.config less its KASAN and KUNIT lines)
  native-mainline   GCC's -fsanitize=kernel-address, mainline's mm/kasan
  native-own        GCC's, our runtime
  plugin-mainline   kasan.so, mainline's runtime
  plugin-own        kasan.so, our runtime
  plugin-own-nochecks  kasan.so with its disable argument: our runtime's
                    hooks, no check in the kernel
  plugin-own-noscope  kasan.so without use-after-scope
  plugin-own-nouar  kasan.so without use-after-return
  plugin-own-outline, native-own-outline  outline checks, whose entry
                    points count the checks executed, by kind and size

The decomposition boots plugin-own and plugin-own-nochecks again with
kasan.stacktrace=off and kasan.quarantine=off, so that each row adds one
part of the cost; plugin-own-noscope gives use-after-scope's,
plugin-own-nouar use-after-return's, and plugin-own booted with
kasan.stack_use_after_return=off what it costs compiled in but off;
plugin-own booted with kasan.redzone_check=off gives the redzone
check's cost, and with kasan.page_guard=off (own-guard-off) what the
guard pages after page allocations cost.
Everything goes to DIR/bench-kernel.json, where the boots of an earlier
run in DIR that this one did not repeat stay; the profiles of each boot
to DIR/profile-BOOT.json.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

import render

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GLUE = os.path.join(ROOT, "kernel-glue")
PHASE = re.compile(r"kasan-bench: (\w+) (\d+\.\d+) (\d+\.\d+)\s*$")
COUNTER = re.compile(r"kasan-bench: counter (\w+) (\d+)\s*$")
MEMORY = re.compile(r"kasan-bench: memory (\w+) (\w+) (\d+)\s*$")
SLAB_CACHE = re.compile(r"kasan-bench: slab (\w+) (\S+) (\d+) (\d+) (\d+) "
                        r"(\d+)\s*$")
NO_STACKS = "kasan.stacktrace=off"
NO_QUARANTINE = "kasan.quarantine=off"
NO_UAR = "kasan.stack_use_after_return=off"
NO_REDZONE_CHECK = "kasan.redzone_check=off"
NO_GUARD = "kasan.page_guard=off"

# label: (compiler, runtime, mode or None for --mode, plugin flags)
KERNELS = {
    "none": ("none", None, None, ""),
    "native-mainline": ("native", "mainline", None, ""),
    "native-own": ("native", "own", None, ""),
    "plugin-mainline": ("plugin", "mainline", None, ""),
    "plugin-own": ("plugin", "own", None, ""),
    "plugin-own-nochecks": ("plugin", "own", None,
                            "-fplugin-arg-kasan-disable"),
    "plugin-own-noscope": ("plugin", "own", None,
                           "-fplugin-arg-kasan-no-use-after-scope"),
    "plugin-own-nouar": ("plugin", "own", None,
                         "-fplugin-arg-kasan-no-use-after-return"),
    "native-own-outline": ("native", "own", "outline", ""),
    "plugin-own-outline": ("plugin", "own", "outline", ""),
}
# The build directory's suffix of a kernel with plugin flags.
FLAG_SUFFIX = {"-fplugin-arg-kasan-disable": "-nochecks",
               "-fplugin-arg-kasan-no-use-after-scope": "-noscope",
               "-fplugin-arg-kasan-no-use-after-return": "-nouar"}
# boot label: (kernel, kernel parameters)
BOOTS = {
    "none": ("none", ""),
    "native-mainline": ("native-mainline", ""),
    "native-own": ("native-own", ""),
    "plugin-mainline": ("plugin-mainline", ""),
    "plugin-own": ("plugin-own", ""),
    "own-nochecks-nostacks": ("plugin-own-nochecks", NO_STACKS),
    "own-nochecks": ("plugin-own-nochecks", ""),
    "own-nostacks": ("plugin-own", NO_STACKS),
    "own-noquarantine": ("plugin-own", NO_QUARANTINE),
    "own-noscope": ("plugin-own-noscope", ""),
    "own-nouar": ("plugin-own-nouar", ""),
    "own-uar-off": ("plugin-own", NO_UAR),
    "own-redzone-off": ("plugin-own", NO_REDZONE_CHECK),
    "own-guard-off": ("plugin-own", NO_GUARD),
    "native-own-outline": ("native-own-outline", ""),
    "plugin-own-outline": ("plugin-own-outline", ""),
}


def kernel_dir(args, label):
    compiler, runtime, mode, flags = KERNELS[label]
    if compiler == "none":
        return "%s-none" % args.prefix
    out = "%s-%s-%s-%s" % (args.prefix, compiler, runtime, mode or args.mode)
    return out + FLAG_SUFFIX.get(flags, "")


def build(args, label):
    compiler, runtime, mode, flags = KERNELS[label]
    out = kernel_dir(args, label)
    env = dict(os.environ, REAL_CC=args.cc, KASAN_PLUGIN=args.plugin,
               KASAN_RUNTIME=runtime or "own", KASAN_PLUGIN_FLAGS=flags)
    subprocess.run(["sh", os.path.join(GLUE, "scripts", "build-kernel.sh"),
                    args.tree, out, mode or args.mode, compiler], env=env,
                   check=True)
    return out


def symbol_address(kdir, names):
    for line in open(os.path.join(kdir, "System.map")):
        parts = line.split()
        if len(parts) == 3 and parts[2] in names:
            return parts[0]
    sys.exit("bench: none of %s in %s/System.map" % (names, kdir))


def run_profile(kdir, label, raw, out_dir):
    """profile.py on a boot's raw profile: its JSON, as a dict."""
    out = os.path.join(out_dir, "profile-%s.json" % label)
    sites = ["--check-sites"] if KERNELS[BOOTS[label][0]][2] == "outline" \
        else []
    subprocess.run([sys.executable, os.path.join(HERE, "profile.py"),
                    "--profile", raw, "--kernel-dir", kdir, "--json", out] +
                   sites, check=True)
    return json.load(open(out))


def reprofile(args):
    """Group the raw profiles of DIR's earlier boots again (after a change
    of profile-groups or profile.py), keeping the rest of the JSON."""
    path = os.path.join(args.out, "bench-kernel.json")
    result = earlier_results(path, args.mode)
    for label, prof in result["profiles"].items():
        raw = os.path.join(args.out, "profile-%s.txt" % label)
        new = run_profile(kernel_dir(args, BOOTS[label][0]), label, raw,
                          args.out)
        new["runtime_counters"] = prof.get("runtime_counters", {})
        result["profiles"][label] = new
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    render.print_all(result)


def read_serial(log):
    """The phases' guest seconds, the runtime's counters and the memory
    lines ({"workload": {"Slab": kB, ..., "caches": {name: {"slot",
    "active", "objects", "kB"}}}, "shrunk": {...}}) of a boot."""
    phases, counters, memory = {}, {}, {}
    for line in open(log, errors="replace"):
        m = PHASE.search(line)
        if m:
            phases[m.group(1)] = round(float(m.group(3)) -
                                       float(m.group(2)), 2)
        m = COUNTER.search(line)
        if m:
            counters[m.group(1)] = int(m.group(2))
        m = MEMORY.search(line)
        if m:
            memory.setdefault(m.group(1), {})[m.group(2)] = int(m.group(3))
        m = SLAB_CACHE.search(line)
        if m:
            caches = memory.setdefault(m.group(1), {}).setdefault(
                "caches", {})
            caches[m.group(2)] = {"slot": int(m.group(3)),
                                  "active": int(m.group(4)),
                                  "objects": int(m.group(5)),
                                  "kB": int(m.group(6))}
    if not phases:
        sys.exit("bench: no timed phases in %s" % log)
    phases["total"] = round(sum(phases.values()), 2)
    return phases, counters, memory


def boot(args, kdir, append, label):
    """Boot once: the phases' guest seconds, the profile's JSON (with the
    runtime's counters) and the memory after the workload."""
    log = os.path.join(args.out, "serial-%s.log" % label)
    raw = os.path.join(args.out, "profile-%s.txt" % label)
    mark = symbol_address(kdir, ("__x64_sys_sync", "__do_sys_sync"))
    qemu_args = "-icount shift=0,sleep=off -plugin %s,out=%s,mark=%s" % (
        args.profiler, raw, mark)
    env = dict(os.environ, BOOT_SMP="1", KUNIT_FILTER="none",
               BOOT_QEMU_ARGS=qemu_args, BOOT_APPEND=append,
               BOOT_TIMEOUT=os.environ.get("BOOT_TIMEOUT", "1800"))
    subprocess.run(["sh", os.path.join(GLUE, "qemu", "boot.sh"),
                    os.path.join(kdir, "arch/x86/boot/bzImage"),
                    args.initramfs, log], env=env, check=True)
    phases, counters, memory = read_serial(log)
    prof = run_profile(kdir, label, raw, args.out)
    prof["runtime_counters"] = counters
    return phases, prof, memory


def earlier_results(path, mode):
    """What an earlier run in DIR measured (of the same mode), which the
    boots of this run replace: --boots runs a part again."""
    try:
        old = json.load(open(path))
    except (OSError, ValueError):
        old = {}
    if old.get("mode") != mode:
        old = {}
    return {"mode": mode, "guest_seconds": old.get("guest_seconds", {}),
            "profiles": old.get("profiles", {}),
            "memory_kB": old.get("memory_kB", {})}


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--profiler", required=True)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--mode", default="inline", choices=("inline", "outline"))
    ap.add_argument("--boots", default=",".join(BOOTS),
                    help="comma-separated boots (default all)")
    ap.add_argument("--reprofile", action="store_true",
                    help="no build or boot: group DIR's raw profiles again")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    args.plugin = os.path.abspath(args.plugin)
    args.profiler = os.path.abspath(args.profiler)
    args.boots = [b for b in args.boots.split(",") if b]
    unknown = [b for b in args.boots if b not in BOOTS]
    if unknown:
        sys.exit("bench: unknown boots %s (known: %s)" %
                 (unknown, ", ".join(BOOTS)))
    return args


def main():
    args = parse_args()
    if args.reprofile:
        reprofile(args)
        return
    os.makedirs(args.out, exist_ok=True)
    args.initramfs = os.path.join(args.out, "bench-initramfs.cpio")
    subprocess.run([sys.executable, os.path.join(GLUE, "qemu",
                                                 "mkinitramfs.py"),
                    args.initramfs],
                   env=dict(os.environ,
                            INITRAMFS_INIT=os.path.join(HERE, "init")),
                   check=True)
    built = {}
    seconds, profiles, memory = {}, {}, {}
    for label in args.boots:
        kernel, append = BOOTS[label]
        if kernel not in built:
            print("== bench-kernel: build %s" % kernel, flush=True)
            built[kernel] = build(args, kernel)
        print("== bench-kernel: boot %s %s" % (label, append), flush=True)
        start = time.time()
        seconds[label], profiles[label], memory[label] = boot(
            args, built[kernel], append, label)
        print("   %.0f s" % (time.time() - start), flush=True)
    path = os.path.join(args.out, "bench-kernel.json")
    result = earlier_results(path, args.mode)
    result["guest_seconds"].update(seconds)
    result["profiles"].update(profiles)
    result["memory_kB"].update(memory)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    render.print_all(result)
    print("\n  (numbers in %s)" % path)


if __name__ == "__main__":
    main()
