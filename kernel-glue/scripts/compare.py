#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""compare.py --json OUT.json MODE:PLUGIN_DIR:NATIVE_DIR...

The side-by-side of plugin-built and native-GCC-built KASan kernels of the
same config, per mode: kasan KUnit results (from each build's
results.json, see run-variant.sh), cases whose results differ, vmlinux
text/data/bss (size; its text is mostly fixed by 2 MiB alignment, so the
sum of the function sizes, nm -S, is shown too), compiler-emitted __asan_* call sites in vmlinux
(objdump -d; in outline mode each is a check, in inline mode they are the
report calls), the last full build's time, the boot's time, and the
instrumented objects (kasan-objects.txt) with the objects instrumented by
only one of the two.  Prints a table; writes all of it to OUT.json.
Missing pieces (a build that failed) show as "-".
"""

import json
import os
import re
import subprocess
import sys


def keyvals(path):
    vals = {}
    try:
        for line in open(path):
            k, _, v = line.strip().partition("=")
            vals[k] = v
    except OSError:
        pass
    return vals


def measure(out):
    m = {"dir": out}
    try:
        m["results"] = json.load(open(os.path.join(out, "results.json")))
    except (OSError, ValueError):
        m["results"] = None
    vmlinux = os.path.join(out, "vmlinux")
    if os.path.exists(vmlinux):
        sz = subprocess.run(["size", vmlinux], capture_output=True,
                            text=True).stdout.splitlines()
        text, data, bss = (int(x) for x in sz[1].split()[:3])
        m.update(text=text, data=data, bss=bss)
        code = 0
        nm = subprocess.run(["nm", "-S", "--defined-only", vmlinux],
                            capture_output=True, text=True).stdout
        for line in nm.splitlines():
            w = line.split()
            if len(w) == 4 and w[2] in ("t", "T"):
                code += int(w[1], 16)
        m["function_bytes"] = code
        calls = {}
        dump = subprocess.Popen(["objdump", "-d", "--no-show-raw-insn",
                                 vmlinux], stdout=subprocess.PIPE, text=True)
        rx = re.compile(r"\scall\s.*<(__asan_[A-Za-z0-9_]+)>")
        for line in dump.stdout:
            hit = rx.search(line)
            if hit:
                calls[hit.group(1)] = calls.get(hit.group(1), 0) + 1
        dump.wait()
        m["asan_calls"] = sum(calls.values())
        m["asan_report_calls"] = sum(v for k, v in calls.items()
                                     if k.startswith("__asan_report"))
        m["asan_calls_by_name"] = dict(sorted(calls.items()))
    build = keyvals(os.path.join(out, "kasan-glue-build.txt"))
    if "full_seconds" in build:
        m["full_build_seconds"] = int(build["full_seconds"])
    if "seconds" in build:
        m["last_build_seconds"] = int(build["seconds"])
    boot = keyvals(os.path.join(out, "kasan-glue-boot.txt"))
    if "boot_seconds" in boot:
        m["boot_seconds"] = int(boot["boot_seconds"])
    try:
        m["objects"] = [l.strip() for l in
                        open(os.path.join(out, "kasan-objects.txt"))]
    except OSError:
        m["objects"] = None
    return m


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, int):
        return "{:,}".format(v)
    return str(v)


def main():
    args = sys.argv[1:]
    if len(args) < 3 or args[0] != "--json":
        sys.exit(__doc__)
    out_json = args[1]
    report = {"modes": {}}
    for spec in args[2:]:
        mode, pdir, ndir = spec.split(":")
        p, n = measure(pdir), measure(ndir)
        entry = {"plugin": p, "native": n}
        pr, nr = p["results"], n["results"]
        if pr and nr:
            pc = {c["case"]: c["result"] for c in pr["cases"]}
            nc = {c["case"]: c["result"] for c in nr["cases"]}
            entry["differing_cases"] = {
                c: {"plugin": pc.get(c), "native": nc.get(c)}
                for c in sorted(set(pc) | set(nc)) if pc.get(c) != nc.get(c)}
        if p["objects"] is not None and n["objects"] is not None:
            ps, ns = set(p["objects"]), set(n["objects"])
            entry["objects_only_plugin"] = sorted(ps - ns)
            entry["objects_only_native"] = sorted(ns - ps)
        report["modes"][mode] = entry

    modes = list(report["modes"])
    cols = [(m, k) for m in modes for k in ("plugin", "native")]
    rows = []

    def row(label, fn):
        rows.append([label] + [fn(report["modes"][m][k]) for m, k in cols])

    def kunit(b):
        r = b["results"]
        if not r:
            return "-"
        c = r["counts"]
        return "%d/%d/%d" % (c["pass"], c["fail"] + c["missing"], c["skip"])

    def bad(b):
        r = b["results"]
        if not r:
            return "-"
        return "%d/%d" % (len(r["unexpected"]), len(r["stray_reports"]))

    row("kasan KUnit pass/fail/skip", kunit)
    row("unexpected cases/stray reports", bad)
    row("vmlinux text", lambda b: fmt(b.get("text")))
    row("  function code (nm sizes)", lambda b: fmt(b.get("function_bytes")))
    row("vmlinux data", lambda b: fmt(b.get("data")))
    row("vmlinux bss", lambda b: fmt(b.get("bss")))
    row("__asan_* call sites", lambda b: fmt(b.get("asan_calls")))
    row("  of which __asan_report_*", lambda b: fmt(b.get("asan_report_calls")))
    row("full build time (s, -j2)", lambda b: fmt(b.get("full_build_seconds")))
    row("boot + suite (s)", lambda b: fmt(b.get("boot_seconds")))
    row("instrumented objects", lambda b: fmt(
        len(b["objects"]) if b["objects"] is not None else None))

    head = ["side by side"] + ["%s %s" % (m, k) for m, k in cols]
    widths = [max(len(str(r[i])) for r in rows + [head])
              for i in range(len(head))]
    line = lambda r: "  " + "  ".join(
        str(v).ljust(widths[0]) if i == 0 else str(v).rjust(widths[i])
        for i, v in enumerate(r))
    print(line(head))
    for r in rows:
        print(line(r))
    for m in modes:
        e = report["modes"][m]
        d = e.get("differing_cases")
        if d:
            items = ["%s (plugin %s, native %s)" % (c, v["plugin"], v["native"])
                     for c, v in d.items()]
            if len(items) > 8:
                items = items[:8] + ["... %d more" % (len(items) - 8)]
            print("  %s: %d cases differ: %s" % (m, len(d), ", ".join(items)))
        elif d is not None:
            print("  %s: every case has the same result" % m)
        for k in ("objects_only_plugin", "objects_only_native"):
            if e.get(k):
                print("  %s: instrumented only by the %s build: %s" % (
                    m, k.split("_")[-1], " ".join(e[k][:10]) +
                    (" ..." if len(e[k]) > 10 else "")))
        if "objects_only_plugin" in e and not e["objects_only_plugin"] \
                and not e["objects_only_native"]:
            print("  %s: the same objects are instrumented" % m)
    with open(out_json, "w") as f:
        json.dump(report, f, indent=1)
    print("  (numbers in %s)" % out_json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
