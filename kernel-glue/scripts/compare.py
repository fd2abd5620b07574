#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""compare.py --json OUT.json [--report-case CASE] [--report-doc FILE.md]
           PAIR...

  PAIR is NAME:LABEL_A=DIR_A:LABEL_B=DIR_B, e.g.
         inline:plugin=build/kernel-plugin-inline:native=build/kernel-native-inline
         inline-runtime:own=build/kernel-plugin-own-inline:mainline=build/kernel-plugin-inline
       or, the older form, NAME:DIR_A:DIR_B, which means the labels
       plugin and native.

The side-by-side of two KASan kernels of the same config, per pair
(typically a mode: plugin-built against native-GCC-built, or our runtime
against mainline's): kasan KUnit results (from each build's results.json,
see run-variant.sh), cases whose results differ, vmlinux text/data/bss
(size; its text is mostly fixed by 2 MiB alignment, so the sum of the
function sizes, nm -S, is shown too), compiler-emitted __asan_* call sites
in vmlinux (objdump -d; in outline mode each is a check, in inline mode
they are the report calls), the last full build's time, the boot's time,
the instrumented objects (kasan-objects.txt) with the objects instrumented
by only one of the two, and the boot memory from serial.log: the kernel's
"Memory: AVAILABLE/TOTAL available (..., N reserved, ...)" line, and the
lines of the initramfs's /init "kasan-glue: meminfo MemTotal=... MemFree=...
MemAvailable=... Slab=..." (kB), "kasan-glue: shadow_bytes=N" and
"kasan-glue: quarantine_bytes=N" (own runtime only).

It also takes, from each serial.log, the first KASan report inside KUnit
case CASE (default kmalloc_oob_right) of the kasan suite, from the "====="
line before "BUG: KASAN:" to the closing "=====" line, timestamps
stripped, and compares the two line by line once addresses, function
offsets, pfns, pids and timestamps are masked.  With --report-doc, the two
reports and that comparison go to a markdown file.

Prints a table; writes all of it to OUT.json ({"modes": {NAME: {LABEL_A:
..., LABEL_B: ..., "labels": [LABEL_A, LABEL_B], "differing_cases": ...,
"objects_only_LABEL_A": ..., "reports": {LABEL: [lines]}, ...}}}).
Missing pieces (a build that failed) show as "-", missing boot memory
lines (older logs) as "n/a".
"""

import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import textwrap

from kernel_log import RESULT, SUBTEST, init_values, lines

SUITE = "kasan"
RULE = re.compile(r"^={20,}\s*$")
MEMORY = re.compile(r"Memory: (\d+)K/(\d+)K available \(([^)]*)\)")
MEMORY_PART = re.compile(r"(\d+)K ([A-Za-z][\w -]*?)\s*$")
MEMINFO_KEYS = ("MemTotal", "MemFree", "MemAvailable", "Slab")

# What differs between two boots of the same kernel, or two builds of one
# source, without meaning: the masks applied before the line-by-line
# comparison of the reports.
MASKS = [
    (re.compile(r"\[\s*\d+\.\d+\]"), "[<time>]"),
    (re.compile(r"\+0x[0-9a-f]+/0x[0-9a-f]+"), "+<off>/<size>"),
    (re.compile(r"\bpfn:0x[0-9a-f]+"), "pfn:<pfn>"),
    (re.compile(r"\b[0-9a-f]{8,16}\b"), "<addr>"),
    (re.compile(r"\b0x[0-9a-f]{8,16}\b"), "0x<addr>"),
    (re.compile(r"(\btask \S+/)\d+"), r"\1<pid>"),
    (re.compile(r"\b(PID:|by task) \d+"), r"\1 <pid>"),
]


def keyvals(path):
    vals = {}
    try:
        for line in open(path):
            k, _, v = line.strip().partition("=")
            vals[k] = v
    except OSError:
        pass
    return vals


def scan_serial(path, case):
    """(boot memory dict, report lines or None, note) from a serial.log."""
    mem = {k: None for k in (
        "available_kB", "total_kB", "reserved_kB", "memory_line") +
        tuple(k + "_kB" for k in MEMINFO_KEYS) +
        ("shadow_bytes", "quarantine_bytes")}
    if not os.path.isfile(path):
        return mem, None, "no serial.log"
    in_suite = done = False
    case_indent = None
    buf = []            # lines since the last case result line in the suite
    case_lines = None
    for _, line in lines(path):
        m = MEMORY.search(line)
        if m and mem["memory_line"] is None:
            mem["memory_line"] = m.group(0)
            mem["available_kB"] = int(m.group(1))
            mem["total_kB"] = int(m.group(2))
            for part in m.group(3).split(","):
                p = MEMORY_PART.search(part)
                if p:
                    key = p.group(2).strip().replace(" ", "_")
                    mem[key.replace("-", "_") + "_kB"] = int(p.group(1))
        for k, v in init_values(line).items():
            mem[k if k.endswith("_bytes") else k + "_kB"] = v
        if done:
            continue
        if not in_suite:
            m = SUBTEST.match(line)
            if m and m.group(2) == SUITE:
                in_suite = True
                case_indent = m.group(1)
            continue
        m = RESULT.match(line)
        if m:
            if m.group(3) == case:
                case_lines = buf
                done = True
            elif m.group(3) == SUITE and \
                    len(m.group(1)) < len(case_indent):
                done = True
            elif m.group(1) == case_indent:
                buf = []
            continue
        buf.append(line)
    if case_lines is None:
        return mem, None, ("no result line for case %s of suite %s" %
                           (case, SUITE) if in_suite
                           else "no %s suite" % SUITE)
    for k, line in enumerate(case_lines):
        if "BUG: KASAN: " in line:
            break
    else:
        return mem, None, "no BUG: KASAN: report inside case %s" % case
    start = k
    for j in range(k - 1, max(k - 4, -1), -1):
        if RULE.match(case_lines[j]):
            start = j
            break
    end = len(case_lines)
    for j in range(k + 1, len(case_lines)):
        if RULE.match(case_lines[j]):
            end = j + 1
            break
    return mem, case_lines[start:end], ""


def mask(line):
    line = line.rstrip()
    for rx, rep in MASKS:
        line = rx.sub(rep, line)
    return line


def diff_reports(a, b):
    """Line-by-line comparison of two reports after masking."""
    ma, mb = [mask(l) for l in a], [mask(l) for l in b]
    sm = difflib.SequenceMatcher(None, ma, mb, autojunk=False)
    blocks = []
    n = {"same": 0, "differ": 0, "only_a": 0, "only_b": 0}
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        blocks.append({"op": op, "a": [i1 + 1, i2], "b": [j1 + 1, j2]})
        if op == "equal":
            n["same"] += i2 - i1
        elif op == "delete":
            n["only_a"] += i2 - i1
        elif op == "insert":
            n["only_b"] += j2 - j1
        else:
            common = min(i2 - i1, j2 - j1)
            n["differ"] += common
            n["only_a"] += i2 - i1 - common
            n["only_b"] += j2 - j1 - common
    return {"lines_a": len(a), "lines_b": len(b), "counts": n,
            "masked_identical": ma == mb, "blocks": blocks}


_measured = {}


def measure(out, case):
    key = os.path.realpath(out)
    if key in _measured:
        return _measured[key]
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
    serial = os.path.join(out, "serial.log")
    mem, report, note = scan_serial(serial, case)
    m["boot_memory"] = mem
    _measured[key] = (m, {"lines": report, "note": note, "log": serial})
    return _measured[key]


def fmt(v, missing="-"):
    if v is None:
        return missing
    if isinstance(v, int):
        return "{:,}".format(v)
    return str(v)


RESERVED = {"labels", "differing_cases", "reports", "report_case",
            "report_logs", "report_notes", "report_diff"}


def parse_pair(spec):
    parts = spec.split(":")
    if len(parts) != 3 or not parts[0]:
        raise ValueError("not NAME:LABEL_A=DIR_A:LABEL_B=DIR_B: %s" % spec)
    name, a, b = parts
    if "=" in a and "=" in b:
        la, _, da = a.partition("=")
        lb, _, db = b.partition("=")
    elif "=" not in a and "=" not in b:
        la, da, lb, db = "plugin", a, "native", b
    else:
        raise ValueError("label both directories or neither: %s" % spec)
    if not la or not lb or not da or not db:
        raise ValueError("empty label or directory: %s" % spec)
    if la == lb:
        raise ValueError("the two labels are the same: %s" % spec)
    if la in RESERVED or lb in RESERVED:
        raise ValueError("labels may not be one of %s: %s" % (
            ", ".join(sorted(RESERVED)), spec))
    return name, (la, da), (lb, db)


def shown(path):
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def ranges(blocks, op, side):
    out = []
    for b in blocks:
        if b["op"] == op:
            lo, hi = b[side]
            out.append("%d" % lo if lo == hi else "%d-%d" % (lo, hi))
    return out


def write_doc(path, report, case):
    fence = "```"
    w = ["<!-- SPDX-License-Identifier: GPL-2.0-or-later -->",
         "# One KASan report from each kernel: `%s`" % case, "",
         para("Written by `kernel-glue/scripts/compare.py --report-doc`: "
              "`make kernel-check` writes it to "
              "`build/kernel-compare-report.md` from the serial logs of the "
              "kernels it compares (docs/ keeps a copy of one run)."), "",
         para("Per pair of kernels: the first KASan report inside the KUnit "
         "case `%s` of the `%s` suite, from each serial.log (from the "
         "`=====` line before `BUG: KASAN:` to the closing one, "
         "timestamps stripped), then the two compared line by line once "
         "addresses, function offsets (`+0x…/0x…`), pfns, pids and "
         "timestamps are masked." % (case, SUITE)), ""]
    for name, e in report["modes"].items():
        la, lb = e["labels"]
        w += ["## %s: %s and %s" % (name, la, lb), ""]
        for lab in (la, lb):
            lines = e["reports"][lab]
            log = shown(e["report_logs"][lab])
            if lines is None:
                w += [para("**%s** (`%s`): no report (%s)." % (
                    lab, log, e["report_notes"][lab])), ""]
                continue
            f = "~~~~" if any(fence in l for l in lines) else fence
            w += ["**%s** (`%s`, %d lines):" % (lab, log, len(lines)), "",
                  f] + [l.rstrip() for l in lines] + [f, ""]
        d = e.get("report_diff")
        if not d:
            continue
        c = d["counts"]
        w += ["### Line by line", ""]
        if d["masked_identical"]:
            w += [para("After masking, the two reports are the same, all "
                       "%d lines." % c["same"]), ""]
            continue
        w += [para("After masking: %d lines the same, %d lines differ, %d "
                   "only in %s, %d only in %s (%s has %d lines, %s %d)." % (
                       c["same"], c["differ"], c["only_a"], la, c["only_b"],
                       lb, la, d["lines_a"], lb, d["lines_b"])), ""]
        same = ["%s %s = %s %s" % (la, x, lb, y) for x, y in
                zip(ranges(d["blocks"], "equal", "a"),
                    ranges(d["blocks"], "equal", "b"))]
        w += ["The same: " + "; ".join(same) + ".", "",
              para("The lines that differ (`-` %s, `+` %s, with their line "
                   "numbers; shown unmasked):" % (la, lb)), "", fence]
        ra, rb = e["reports"][la], e["reports"][lb]
        for b in d["blocks"]:
            if b["op"] == "equal":
                continue
            for i in range(b["a"][0], b["a"][1] + 1):
                w.append("- %3d %s" % (i, ra[i - 1].rstrip()))
            for j in range(b["b"][0], b["b"][1] + 1):
                w.append("+ %3d %s" % (j, rb[j - 1].rstrip()))
            w.append("")
        if w[-1] == "":
            w.pop()
        w += [fence, ""]
    with open(path, "w") as f:
        f.write("\n".join(w).rstrip("\n") + "\n")


def para(text):
    """A paragraph of the markdown, wrapped."""
    return textwrap.fill(text, 72, break_long_words=False,
                         break_on_hyphens=False)


def main():
    usage, _, rest = __doc__.partition("\n\n")
    ap = argparse.ArgumentParser(
        usage=usage.strip(), description=rest,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", required=True, metavar="OUT.json")
    ap.add_argument("--report-case", default="kmalloc_oob_right",
                    metavar="CASE")
    ap.add_argument("--report-doc", metavar="FILE.md")
    ap.add_argument("pairs", nargs="+", metavar="PAIR")
    args = ap.parse_args()
    case = args.report_case

    report = {"report_case": case, "modes": {}}
    for spec in args.pairs:
        try:
            name, (la, da), (lb, db) = parse_pair(spec)
        except ValueError as err:
            ap.error(str(err))
        if name in report["modes"]:
            ap.error("pair name %s given twice" % name)
        (a, ra), (b, rb) = measure(da, case), measure(db, case)
        entry = {"labels": [la, lb], la: a, lb: b}
        ar, br = a["results"], b["results"]
        if ar and br:
            ac = {c["case"]: c["result"] for c in ar["cases"]}
            bc = {c["case"]: c["result"] for c in br["cases"]}
            entry["differing_cases"] = {
                c: {la: ac.get(c), lb: bc.get(c)}
                for c in sorted(set(ac) | set(bc)) if ac.get(c) != bc.get(c)}
        if a["objects"] is not None and b["objects"] is not None:
            aset, bset = set(a["objects"]), set(b["objects"])
            entry["objects_only_" + la] = sorted(aset - bset)
            entry["objects_only_" + lb] = sorted(bset - aset)
        entry["report_case"] = case
        entry["reports"] = {la: ra["lines"], lb: rb["lines"]}
        entry["report_logs"] = {la: ra["log"], lb: rb["log"]}
        entry["report_notes"] = {la: ra["note"], lb: rb["note"]}
        if ra["lines"] is not None and rb["lines"] is not None:
            entry["report_diff"] = diff_reports(ra["lines"], rb["lines"])
        report["modes"][name] = entry

    modes = list(report["modes"])
    cols = [(m, k) for m in modes for k in report["modes"][m]["labels"]]
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

    def mem(key):
        return lambda b: fmt(b["boot_memory"].get(key), "n/a")

    def avail(b):
        bm = b["boot_memory"]
        if bm["available_kB"] is None:
            return "n/a"
        return "%s/%s" % (fmt(bm["available_kB"]), fmt(bm["total_kB"]))

    def report_lines(m, k):
        lines = report["modes"][m]["reports"][k]
        return "n/a" if lines is None else fmt(len(lines))

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
    rows.append(["boot memory (kB)"] + [""] * len(cols))
    row("  available/total (Memory:)", avail)
    row("  reserved (Memory:)", mem("reserved_kB"))
    row("  MemTotal (after the run)", mem("MemTotal_kB"))
    row("  MemFree", mem("MemFree_kB"))
    row("  MemAvailable", mem("MemAvailable_kB"))
    row("  Slab", mem("Slab_kB"))
    row("  shadow (bytes)", mem("shadow_bytes"))
    row("  quarantine (bytes)", mem("quarantine_bytes"))
    rows.append(["%s report lines" % case] +
                [report_lines(m, k) for m, k in cols])

    head = ["side by side"] + ["%s %s" % (m, k) for m, k in cols]
    widths = [max(len(str(r[i])) for r in rows + [head])
              for i in range(len(head))]
    line = lambda r: ("  " + "  ".join(
        str(v).ljust(widths[0]) if i == 0 else str(v).rjust(widths[i])
        for i, v in enumerate(r))).rstrip()
    print(line(head))
    for r in rows:
        print(line(r))
    for m in modes:
        e = report["modes"][m]
        la, lb = e["labels"]
        d = e.get("differing_cases")
        if d:
            items = ["%s (%s %s, %s %s)" % (c, la, v[la], lb, v[lb])
                     for c, v in d.items()]
            if len(items) > 8:
                items = items[:8] + ["... %d more" % (len(items) - 8)]
            print("  %s: %d cases differ: %s" % (m, len(d), ", ".join(items)))
        elif d is not None:
            print("  %s: every case has the same result" % m)
        for lab in (la, lb):
            only = e.get("objects_only_" + lab)
            if only:
                print("  %s: instrumented only by the %s build: %s" % (
                    m, lab, " ".join(only[:10]) +
                    (" ..." if len(only) > 10 else "")))
        if "objects_only_" + la in e and not e["objects_only_" + la] \
                and not e["objects_only_" + lb]:
            print("  %s: the same objects are instrumented" % m)
        rd = e.get("report_diff")
        if rd:
            c = rd["counts"]
            print("  %s: %s report, masked: %d lines the same, %d differ,"
                  " %d only %s, %d only %s" % (
                      m, case, c["same"], c["differ"], c["only_a"], la,
                      c["only_b"], lb))
        else:
            for lab in (la, lb):
                if e["reports"][lab] is None:
                    print("  %s: %s: no %s report: %s" % (
                        m, lab, case, e["report_notes"][lab]))
    with open(args.json, "w") as f:
        json.dump(report, f, indent=1)
    if args.report_doc:
        write_doc(args.report_doc, report, case)
        print("  (%s reports in %s)" % (case, args.report_doc))
    print("  (numbers in %s)" % args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
