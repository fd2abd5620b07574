#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The hosted benchmark: one CPU-heavy program (lzsort.c) built several
ways, run, and its CPU time compared.  Not a test: it prints ratios.

  bench.py --cc gcc-12 --kasan-cc build/bin/kasan-cc --lib LIB --out DIR

Variants (all at -O2):
  plain           no instrumentation, glibc's malloc
  runtime-only    no instrumentation, linked with the hosted runtime (its
                  malloc with redzones, quarantine and stack traces)
  native-outline  GCC's -fsanitize=kernel-address, calls, hosted runtime
  native-inline   the same with inline checks
  plugin-outline  kasan.so, calls, hosted runtime
  plugin-inline   kasan.so, inline checks, hosted runtime

Each runs RUNS times (default 5), the variants in turn in each round;
the least user+system time counts.
Ratios are against plain and, for the plugin, against native GCC in the
same mode; last, runtime-only against native in each mode, the ratio a
compiler that emitted no check would get (the runtime is shared).  The
numbers also go to DIR/bench-hosted.json.
"""
import argparse
import json
import os
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "lzsort.c")


def link_flags(kasan_cc, env):
    out = subprocess.run([kasan_cc, "--hosted", "--print-link-flags"],
                         env=env, capture_output=True, text=True)
    if out.returncode:
        sys.exit("bench: %s --hosted --print-link-flags failed: %s"
                 % (kasan_cc, out.stderr.strip()))
    return out.stdout.split()


def shadow_offset(kasan_cc, env):
    out = subprocess.run([kasan_cc, "--hosted", "--print-shadow-offset"],
                         env=env, capture_output=True, text=True)
    if out.returncode:
        sys.exit("bench: %s --hosted --print-shadow-offset failed: %s"
                 % (kasan_cc, out.stderr.strip()))
    return out.stdout.strip()


def variants(cc, kasan_cc, env):
    offset = shadow_offset(kasan_cc, env)
    rt = link_flags(kasan_cc, env)
    native = [cc, "-fsanitize=kernel-address",
              "-fasan-shadow-offset=" + offset,
              "--param", "asan-globals=1", "--param", "asan-stack=1",
              "--param", "asan-instrument-allocas=1"]
    plugin = [kasan_cc, "--hosted", "-fplugin-arg-kasan-globals",
              "-fplugin-arg-kasan-stack"]
    return [
        ("plain", [cc], []),
        ("runtime-only", [cc], rt),
        ("native-outline", native + ["--param",
         "asan-instrumentation-with-call-threshold=0"], rt),
        ("native-inline", native + ["--param",
         "asan-instrumentation-with-call-threshold=10000"], rt),
        ("plugin-outline", plugin, []),
        ("plugin-inline", plugin + ["-fplugin-arg-kasan-inline",
         "-fplugin-arg-kasan-call-threshold=10000"], []),
    ]


def cpu_time(cmd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode:
        sys.exit("bench: %s failed (%d): %s"
                 % (" ".join(cmd), proc.returncode, proc.stderr[-2000:]))
    t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return t, proc.stdout.strip()


def build_all(args, env):
    """Builds every variant; returns [(name, executable)]."""
    built = []
    for name, compiler, extra in variants(args.cc, args.kasan_cc, env):
        exe = os.path.join(args.out, "lzsort-" + name)
        cmd = compiler + ["-O2", "-g", SRC, "-o", exe] + extra
        build = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if build.returncode:
            sys.exit("bench: build of %s failed: %s\n%s"
                     % (name, " ".join(cmd), build.stderr))
        built.append((name, exe))
    return built


def run_rounds(built, runs, env):
    """RUNS rounds, each running every variant once in turn, so that a
    drift in the machine's speed touches all of them alike; every run
    must print the same checksum.  Returns {name: [seconds]}."""
    times = {name: [] for name, _ in built}
    checksum = None
    for _ in range(runs):
        for name, exe in built:
            t, out = cpu_time([exe], env)
            if checksum is None:
                checksum = out
            elif out != checksum:
                sys.exit("bench: %s printed %s, plain printed %s"
                         % (name, out, checksum))
            times[name].append(t)
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--kasan-cc", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    env = dict(os.environ, CC=args.cc)
    os.makedirs(args.out, exist_ok=True)
    built = build_all(args, env)
    times = run_rounds(built, args.runs, env)
    results = {name: {"seconds": min(times[name]), "all": times[name],
                      "text_bytes": text_size(exe)} for name, exe in built}
    render(args, results)
    with open(os.path.join(args.out, "bench-hosted.json"), "w") as f:
        json.dump({"cc": args.cc, "runs": args.runs, "results": results},
                  f, indent=1)


def render(args, results):
    plain = results["plain"]["seconds"]
    print("\nhosted benchmark (%s, lzsort, least of %d runs, taken in turn;"
          " CPU seconds)" % (args.cc, args.runs))
    print("  %-15s %8s %9s %12s %10s" % ("variant", "seconds", "vs plain",
                                         "vs native", "text"))
    for name, r in results.items():
        r["vs_plain"] = r["seconds"] / plain
        mode = name.split("-")[-1]
        vs_native = ""
        if name.startswith("plugin-"):
            r["vs_native"] = r["seconds"] / results["native-" + mode]["seconds"]
            vs_native = "%.2fx" % r["vs_native"]
        print("  %-15s %8.2f %8.2fx %12s %10d"
              % (name, r["seconds"], r["vs_plain"], vs_native,
                 r["text_bytes"]))
    print_floor(results)


def print_floor(results):
    """The least ratio to native any compiler could reach here: both
    variants link the same runtime, so a program with no check at all
    (runtime-only) is where a plugin's ratio would bottom out."""
    floor = results["runtime-only"]["seconds"]
    print("\n  a build with no check at all (runtime-only) against native:")
    for mode in ("outline", "inline"):
        native = results["native-" + mode]
        native["floor"] = floor / native["seconds"]
        print("  %-15s %8.2fx" % (mode, native["floor"]))


def text_size(exe):
    out = subprocess.run(["size", exe], capture_output=True, text=True)
    try:
        return int(out.stdout.splitlines()[1].split()[0])
    except (IndexError, ValueError):
        return 0


if __name__ == "__main__":
    main()
