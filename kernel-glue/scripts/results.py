#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Judge one test kernel's boot: the kasan KUnit suite against the
expectations, and the whole serial log for KASan reports that no test case
expected.

  results.py --log SERIAL.LOG --expected kasan_test.expected \\
             --kunit TREE/tools/testing/kunit/kunit.py --label 'plugin inline' \\
             --json OUT.json [--sum-prefix 'kernel inline'] [--sum OUT.sum]

The TAP is parsed by the kernel's own tool (kunit.py parse --json).  A
report (a "BUG: KASAN:" line, KASan's non-canonical address hint, or a
kernel crash: Oops, panic, WARNING, "BUG: unable to handle", general
protection fault) counts as expected only inside a case of the kasan suite
that is expected to pass, i.e. between the previous case's result line and
its own; everywhere else (boot, other suites, a skipped case, after the
suite) it is a stray report and a failure.

Prints a table (case, expected, result, verdict) and a summary; writes the
results as JSON and, with --sum, DejaGnu-style lines (PASS/FAIL per case,
UNSUPPORTED for an expected skip, one line for stray reports).  Exits 1 on
any unexpected result.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

SUITE = "kasan"
REPORT_RES = [
    ("kasan", re.compile(r"BUG: KASAN: ")),
    ("kasan", re.compile(r"KASAN: (null-ptr-deref|maybe wild-memory-access|"
                         r"probably user-memory-access) in range")),
    ("crash", re.compile(r"Kernel panic|BUG: unable to handle|"
                         r"BUG: kernel NULL pointer|general protection fault|"
                         r"Oops: |WARNING: CPU: |kernel BUG at")),
]
TIMESTAMP = re.compile(r"^\[\s*\d+\.\d+\]\s?")
RESULT = re.compile(r"^\s*(not ok|ok) \d+ (?:- )?([^\s#]+)")


def read_expected(path):
    cases = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split(None, 2)
        if len(words) < 2 or words[1] not in ("pass", "skip", "fail"):
            sys.exit("results: %s: bad line: %s" % (path, line))
        cases.append((words[0], words[1], words[2] if len(words) > 2 else ""))
    return cases


def kunit_parse(kunit, log):
    """Case name -> PASS/FAIL/SKIP/ERROR for the kasan suite."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "kunit.json")
        with open(log, "rb") as f:
            proc = subprocess.run([sys.executable, kunit, "parse",
                                   "--json=" + out], stdin=f,
                                  capture_output=True, text=True)
        if not os.path.exists(out):
            sys.stderr.write(proc.stdout + proc.stderr)
            return None, proc.stdout
        data = json.load(open(out))

    def find(group):
        if group.get("name") == SUITE:
            return group
        for sub in group.get("sub_groups", []):
            hit = find(sub)
            if hit:
                return hit
        return None

    suite = find(data)
    if suite is None:
        return {}, proc.stdout
    return {c["name"]: c["status"] for c in suite["test_cases"]}, proc.stdout


def scan_log(log, expected):
    """The reports of the log, each with the case it falls in (or None)."""
    names = {c for c, _, _ in expected}
    reports = []
    in_suite = False
    done = False
    pending = []        # reports since the last case result, in the suite
    summary = None
    with open(log, errors="replace") as f:
        for lineno, raw in enumerate(f, 1):
            line = TIMESTAMP.sub("", raw.rstrip("\r\n"))
            if not in_suite and not done and \
                    re.search(r"# Subtest: %s$" % SUITE, line):
                in_suite = True
                continue
            m = re.search(r"# %s: pass:\d+ fail:\d+ skip:\d+ total:\d+" %
                          SUITE, line)
            if m:
                summary = m.group(0)[2:]
            m = RESULT.match(line)
            if in_suite and m:
                if m.group(2) in names:
                    for r in pending:
                        r["case"] = m.group(2)
                    pending = []
                    continue
                if m.group(2) == SUITE:
                    in_suite = False
                    done = True
                    reports.extend(pending)
                    pending = []
                    continue
            for kind, rx in REPORT_RES:
                if rx.search(line):
                    r = {"line": lineno, "kind": kind, "text": line.strip(),
                         "case": None}
                    reports.append(r)
                    if in_suite:
                        pending.append(r)
                    break
    return reports, summary


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--kunit", required=True)
    ap.add_argument("--label", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--sum")
    ap.add_argument("--sum-prefix")
    ap.add_argument("--quiet-table", action="store_true")
    args = ap.parse_args()

    expected = read_expected(args.expected)
    results, parse_out = kunit_parse(args.kunit, args.log)
    reports, kernel_summary = scan_log(args.log, expected)
    exp_of = {c: e for c, e, _ in expected}

    rows = []
    counts = {"pass": 0, "fail": 0, "skip": 0, "missing": 0}
    for case, exp, why in expected:
        status = (results or {}).get(case)
        got = {"PASS": "pass", "SKIP": "skip", None: "missing"}.get(
            status, "fail")
        counts[got] += 1
        rows.append({"case": case, "expected": exp, "result": got,
                     "ok": got == exp, "why": why})
    extra = sorted(set(results or {}) - set(exp_of))
    stray = [r for r in reports
             if r["case"] is None or exp_of.get(r["case"]) != "pass"]
    in_cases = len(reports) - len(stray)
    unexpected = [r for r in rows if not r["ok"]]

    w = max(len(c) for c, _, _ in expected)
    if not args.quiet_table:
        print("  %-*s  %-8s  %-8s" % (w, "case (%s)" % args.label,
                                      "expected", "result"))
        for r in rows:
            print("  %-*s  %-8s  %-8s%s" % (w, r["case"], r["expected"],
                                            r["result"],
                                            "" if r["ok"] else "  UNEXPECTED"))
    for r in stray:
        print("  stray %s report, log line %d%s: %s" % (
            r["kind"], r["line"],
            " (in skipped case %s)" % r["case"] if r["case"] else "",
            r["text"]))
    for name in extra:
        print("  case %s is not in %s" % (name, args.expected))
    if results is None:
        print("  kunit.py parse found no results:")
        print("\n".join("    " + l for l in parse_out.splitlines()[-10:]))
    total = len(expected)
    line = ("%s: %s: pass:%d fail:%d skip:%d missing:%d total:%d;"
            " unexpected: %d; stray reports: %d (%d reports inside cases)" % (
                args.label, SUITE, counts["pass"], counts["fail"],
                counts["skip"], counts["missing"], total, len(unexpected),
                len(stray), in_cases))
    print(line)
    if kernel_summary:
        print("%s: the kernel says: # %s" % (args.label, kernel_summary))

    data = {"label": args.label, "log": os.path.abspath(args.log),
            "counts": counts, "total": total,
            "unexpected": [r["case"] for r in unexpected],
            "stray_reports": stray, "reports_in_cases": in_cases,
            "kernel_summary": kernel_summary, "cases": rows,
            "extra_cases": extra}
    with open(args.json, "w") as f:
        json.dump(data, f, indent=1)

    if args.sum:
        p = args.sum_prefix or args.label
        with open(args.sum, "a") as f:
            for r in rows:
                if r["ok"] and r["expected"] == "skip":
                    f.write("UNSUPPORTED: %s %s (skipped as expected: %s)\n"
                            % (p, r["case"], r["why"]))
                elif r["ok"]:
                    f.write("PASS: %s %s\n" % (p, r["case"]))
                else:
                    f.write("FAIL: %s %s (expected %s, got %s)\n" % (
                        p, r["case"], r["expected"], r["result"]))
            for name in extra:
                f.write("FAIL: %s %s (not in the expectations)\n" % (p, name))
            if stray:
                f.write("FAIL: %s no stray reports (%d, first at log line"
                        " %d: %s)\n" % (p, len(stray), stray[0]["line"],
                                        stray[0]["text"]))
            else:
                f.write("PASS: %s no stray reports\n" % p)

    ok = results is not None and not unexpected and not stray and not extra
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
