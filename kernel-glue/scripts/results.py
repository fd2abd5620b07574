#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Judge one test kernel's boot: the kasan KUnit suite against the
expectations, the kasan_seed suite and its reports' titles, /init's
workload, and the whole serial log for KASan reports that no test case
expected.

  results.py --log SERIAL.LOG --expected kasan_test.expected \\
             --kunit TREE/tools/testing/kunit/kunit.py --label 'plugin inline' \\
             --json OUT.json [--sum-prefix 'kernel inline'] [--sum OUT.sum] \\
             [--seed-expected kasan_seed.expected]

The TAP is parsed by the kernel's own tool (kunit.py parse --json).  A
report (a "BUG: KASAN:" line, KASan's non-canonical address hint, or a
kernel crash: Oops, panic, WARNING, "BUG: unable to handle", general
protection fault) belongs to the case whose result line follows it, i.e.
it lies between the previous case's result line (or the suite's header)
and its own.  It counts as expected only inside a case, of the kasan or
the kasan_seed suite, that is expected to pass; everywhere else (boot,
other suites, a skipped case, after a suite) it is a stray report and a
failure.

The kasan_seed suite is judged when its expectations exist (by default
kasan_seed.expected beside --expected; --seed-expected '' turns it off):
each case must pass in KUnit, and its reports must be exactly one,
"BUG: KASAN: TYPE in FUNCTION+0x../0x..", of the expected TYPE and
FUNCTION.  A suite missing from the log gives FAIL lines.  The workload
check wants /init's "kasan-glue: workload: done" line.

Prints a table (case, expected, result, verdict) and a summary; writes the
results as JSON (with "memory": /init's kasan-glue: meminfo line, MemTotal,
MemFree, MemAvailable and Slab in kB, and quarantine_bytes and
shadow_bytes when the kernel has them; missing values are absent) and,
with --sum, DejaGnu-style lines (PASS/FAIL per case, UNSUPPORTED for an
expected skip, per seed case one for KUnit and one for its report, one
for stray reports, one for the workload).  Exits 1 on any unexpected
result.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from kernel_log import RESULT, SUBTEST, init_values, lines

SUITE = "kasan"
SEED_SUITE = "kasan_seed"
REPORT_RES = [
    ("kasan", re.compile(r"BUG: KASAN: ")),
    ("kasan", re.compile(r"KASAN: (null-ptr-deref|maybe wild-memory-access|"
                         r"probably user-memory-access) in range")),
    ("crash", re.compile(r"Kernel panic|BUG: unable to handle|"
                         r"BUG: kernel NULL pointer|general protection fault|"
                         r"Oops: |WARNING: CPU: |kernel BUG at")),
]
SUMMARY = re.compile(r"# (\S+): pass:\d+ fail:\d+ skip:\d+ total:\d+")
TITLE = re.compile(r"BUG: KASAN: (\S+) in (\S+)")
# The line right after a report's title.
ACCESS = re.compile(r"(Read|Write)( of size \d+)? at addr |Free of addr ")
WORKLOAD = "kasan-glue: workload: done"
# The kernel's count of the CPUs it brought up (boot.sh gives it 2).
CPUS = re.compile(r"smp: Brought up \d+ nodes?, (\d+) CPUs?")


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


def read_seed_expected(path):
    """(case, expected, bug type, function, reports) per line:
    CASE pass TYPE [FUNC] [reports=N]."""
    cases = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        count = 1
        if words and re.fullmatch(r"reports=[1-9]\d*", words[-1]):
            count = int(words.pop()[len("reports="):])
        if len(words) not in (3, 4) or words[1] != "pass":
            sys.exit("results: %s: bad line: %s" % (path, line))
        cases.append((words[0], words[1], words[2],
                      words[3] if len(words) == 4 else words[0], count))
    return cases


def kunit_parse(kunit, log, suites):
    """Suite name -> (case name -> PASS/FAIL/SKIP/ERROR), for SUITES."""
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

    def find(group, name):
        if group.get("name") == name:
            return group
        for sub in group.get("sub_groups", []):
            hit = find(sub, name)
            if hit:
                return hit
        return None

    found = {}
    for name in suites:
        suite = find(data, name)
        if suite is not None:
            found[name] = {c["name"]: c["status"]
                           for c in suite["test_cases"]}
    return found, proc.stdout


def scan_log(log):
    """The reports of the log, each with the suite and case it falls in (or
    None), the suites' summary lines, whether the workload finished, and
    the memory state that /init printed, and how many CPUs the kernel
    brought up."""
    reports = []
    suite = None
    pending = []        # reports since the last case result, in a suite
    summaries = {}
    workload = False
    memory = {}
    cpus = None
    title = None        # the last report title, waiting for its next line
    for lineno, line in lines(log):
        if title is not None:
            title["next"] = line.strip()
            title = None
        m = SUBTEST.match(line)
        # A nested Subtest (a parametrized case) stays in its suite.
        if m and suite is None:
            suite = m.group(2)
            pending = []
            continue
        m = SUMMARY.search(line)
        if m:
            summaries[m.group(1)] = m.group(0)[2:]
        m = RESULT.match(line)
        if suite and m:
            if m.group(3) == suite:
                # Reports after the last case stay outside any case.
                suite = None
                pending = []
            else:
                for r in pending:
                    r["suite"] = suite
                    r["case"] = m.group(3)
                pending = []
            continue
        if line.strip() == WORKLOAD:
            workload = True
        m = CPUS.search(line)
        if m:
            cpus = int(m.group(1))
        memory.update(init_values(line))
        for kind, rx in REPORT_RES:
            if rx.search(line):
                r = {"line": lineno, "kind": kind, "text": line.strip(),
                     "suite": None, "case": None}
                if TITLE.search(line):
                    title = r
                reports.append(r)
                if suite:
                    pending.append(r)
                break
    return reports, summaries, workload, memory, cpus


def judge_seed(seed_expected, results, reports):
    """One row per seed case: its KUnit result and its one report."""
    rows = []
    for case, exp, bug_type, func, count in seed_expected:
        status = results.get(case)
        got = {"PASS": "pass", "SKIP": "skip", None: "missing"}.get(
            status, "fail")
        mine = [r for r in reports
                if r["suite"] == SEED_SUITE and r["case"] == case]
        want = "%s in %s" % (bug_type, func)
        if count > 1:
            want = "%d x %s" % (count, want)
        func_rx = re.compile(re.escape(func) + r"(\+0x[0-9a-f]+/0x[0-9a-f]+)?")

        def title_bad(r):
            m = TITLE.search(r["text"])
            return not (m and m.group(1) == bug_type and
                        func_rx.fullmatch(m.group(2)))

        bad_title = [r for r in mine if title_bad(r)]
        torn = [r for r in mine if not ACCESS.match(r.get("next", ""))]
        title_ok = len(mine) == count and not bad_title and not torn
        if title_ok:
            detail = want
        elif not mine:
            detail = "expected %s, got no report" % want
        elif len(mine) != count:
            detail = "expected %s, got %d reports, first at log line" \
                     " %d: %s" % (want, len(mine), mine[0]["line"],
                                  mine[0]["text"])
        elif bad_title:
            detail = "expected %s, got log line %d: %s" % (
                want, bad_title[0]["line"], bad_title[0]["text"])
        else:
            detail = "expected %s, got a title at log line %d not followed" \
                     " by its access line: %s" % (want, torn[0]["line"],
                                                 torn[0].get("next", ""))
        rows.append({"case": case, "expected": exp, "result": got,
                     "ok": got == exp, "bug_type": bug_type,
                     "function": func,
                     "reports": [r["text"] for r in mine],
                     "report_ok": title_ok, "report_detail": detail})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--seed-expected",
                    help="the kasan_seed suite's expectations (default:"
                    " kasan_seed.expected beside --expected, if there;"
                    " '' for none)")
    ap.add_argument("--kunit", required=True)
    ap.add_argument("--label", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--sum")
    ap.add_argument("--sum-prefix")
    ap.add_argument("--quiet-table", action="store_true")
    ap.add_argument("--cpus", type=int, default=2,
                    help="CPUs the kernel must bring up (default 2)")
    args = ap.parse_args()

    expected = read_expected(args.expected)
    seed_path = args.seed_expected
    if seed_path is None:
        seed_path = os.path.join(os.path.dirname(args.expected),
                                 "kasan_seed.expected")
        if not os.path.exists(seed_path):
            seed_path = ""
    seed_expected = read_seed_expected(seed_path) if seed_path else []
    suites, parse_out = kunit_parse(args.kunit, args.log,
                                    (SUITE, SEED_SUITE))
    results = None if suites is None else suites.get(SUITE, {})
    seed_results = (suites or {}).get(SEED_SUITE, {})
    reports, summaries, workload, memory, cpus = scan_log(args.log)
    kernel_summary = summaries.get(SUITE)
    exp_of = {c: e for c, e, _ in expected}
    seed_exp_of = {c: e for c, e, _, _, _ in seed_expected}

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
    seed_rows = judge_seed(seed_expected, seed_results, reports)
    seed_extra = sorted(set(seed_results) - set(seed_exp_of)) \
        if seed_expected else []

    def expected_report(r):
        if r["suite"] == SUITE:
            return exp_of.get(r["case"]) == "pass"
        if r["suite"] == SEED_SUITE:
            return seed_exp_of.get(r["case"]) == "pass"
        return False
    stray = [r for r in reports if not expected_report(r)]
    in_cases = len(reports) - len(stray)
    unexpected = [r for r in rows if not r["ok"]]
    seed_bad = [r for r in seed_rows if not r["ok"] or not r["report_ok"]]

    w = max(len(c) for c, _, _ in expected)
    if not args.quiet_table:
        print("  %-*s  %-8s  %-8s" % (w, "case (%s)" % args.label,
                                      "expected", "result"))
        for r in rows:
            print("  %-*s  %-8s  %-8s%s" % (w, r["case"], r["expected"],
                                            r["result"],
                                            "" if r["ok"] else "  UNEXPECTED"))
        if seed_rows:
            print("  %-*s  %-8s  %-8s  %s" % (
                w, "case (%s, %s)" % (args.label, SEED_SUITE), "expected",
                "result", "report"))
        for r in seed_rows:
            print("  %-*s  %-8s  %-8s  %s%s" % (
                w, r["case"], r["expected"], r["result"],
                r["report_detail"] if r["report_ok"] else "UNEXPECTED: " +
                r["report_detail"], "" if r["ok"] else "  UNEXPECTED"))
    for r in stray:
        where = ""
        if r["case"]:
            where = " (in %s case %s)" % (r["suite"], r["case"])
        print("  stray %s report, log line %d%s: %s" % (
            r["kind"], r["line"], where, r["text"]))
    for name in extra:
        print("  case %s is not in %s" % (name, args.expected))
    for name in seed_extra:
        print("  case %s is not in %s" % (name, seed_path))
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
    if seed_expected:
        print("%s: %s: pass:%d of %d, reports as expected: %d of %d%s" % (
            args.label, SEED_SUITE,
            sum(r["result"] == "pass" for r in seed_rows), len(seed_rows),
            sum(r["report_ok"] for r in seed_rows), len(seed_rows),
            "" if SEED_SUITE in summaries else " (the suite did not run)"))
    print("%s: workload %s" % (args.label,
                               "done" if workload else "NOT done"))

    p = args.sum_prefix or args.label
    checks = []         # (PASS/FAIL/UNSUPPORTED, the .sum line's rest)
    for r in rows:
        if r["ok"] and r["expected"] == "skip":
            checks.append(("UNSUPPORTED", "%s (skipped as expected: %s)" %
                           (r["case"], r["why"])))
        elif r["ok"]:
            checks.append(("PASS", r["case"]))
        else:
            checks.append(("FAIL", "%s (expected %s, got %s)" % (
                r["case"], r["expected"], r["result"])))
    for name in extra:
        checks.append(("FAIL", "%s (not in the expectations)" % name))
    for r in seed_rows:
        name = "%s.%s" % (SEED_SUITE, r["case"])
        if r["ok"]:
            checks.append(("PASS", name))
        else:
            checks.append(("FAIL", "%s (expected %s, got %s)" % (
                name, r["expected"], r["result"])))
        checks.append(("PASS" if r["report_ok"] else "FAIL",
                       "%s report (%s)" % (name, r["report_detail"])))
    for name in seed_extra:
        checks.append(("FAIL", "%s.%s (not in the expectations)" % (
            SEED_SUITE, name)))
    if stray:
        checks.append(("FAIL", "no stray reports (%d, first at log line"
                       " %d: %s)" % (len(stray), stray[0]["line"],
                                     stray[0]["text"])))
    else:
        checks.append(("PASS", "no stray reports"))
    checks.append(("PASS" if workload else "FAIL",
                   "workload (%s)" % ("done" if workload else
                                      "no '%s' in the log" % WORKLOAD)))
    checks.append(("PASS" if cpus == args.cpus else "FAIL",
                   "%d CPUs (the kernel brought up %s)" % (
                       args.cpus, cpus if cpus is not None else "none")))

    data = {"label": args.label, "log": os.path.abspath(args.log),
            "counts": counts, "total": total,
            "unexpected": [r["case"] for r in unexpected],
            "stray_reports": stray, "reports_in_cases": in_cases,
            "kernel_summary": kernel_summary, "cases": rows,
            "extra_cases": extra,
            "seed": {"expected": os.path.abspath(seed_path)
                     if seed_path else None,
                     "kernel_summary": summaries.get(SEED_SUITE),
                     "cases": seed_rows, "extra_cases": seed_extra,
                     "unexpected": [r["case"] for r in seed_bad]},
            "workload": workload, "memory": memory, "cpus": cpus,
            "failed_checks": [what for v, what in checks if v == "FAIL"]}
    with open(args.json, "w") as f:
        json.dump(data, f, indent=1)

    if args.sum:
        with open(args.sum, "a") as f:
            for verdict, what in checks:
                f.write("%s: %s %s\n" % (verdict, p, what))

    ok = results is not None and not any(v == "FAIL" for v, _ in checks)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
