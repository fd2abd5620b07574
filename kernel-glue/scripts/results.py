#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Judge one test kernel's boot: the kasan KUnit suite against the
expectations, the seed suites and their reports' titles, /init's
workload, and the whole serial log for KASan reports that no test case
expected.

  results.py --log SERIAL.LOG --expected kasan_test.expected \\
             --kunit TREE/tools/testing/kunit/kunit.py --label 'plugin inline' \\
             --json OUT.json [--sum-prefix 'kernel inline'] [--sum OUT.sum] \\
             [--seed-expected kasan_seed.expected] [--compiler plugin|native] \\
             [--override no-globals.override ...]

The TAP is parsed by the kernel's own tool (kunit.py parse --json).  A
report (a "BUG: KASAN:" line, KASan's non-canonical address hint, or a
kernel crash: Oops, panic, WARNING, "BUG: unable to handle", general
protection fault) belongs to the case whose result line follows it, i.e.
it lies between the previous case's result line (or the suite's header)
and its own.  It counts as expected only inside a case, of the kasan or
a seed suite, that is expected to pass; everywhere else (boot,
other suites, a skipped case, after a suite) it is a stray report and a
failure.

The seed suites, kasan_seed (built in) and kasan_seed_module (in a
module that /init loads, so its TAP comes after the boot's TAP document
and is parsed on its own), are judged when their expectations exist (by
default kasan_seed.expected beside --expected, the module's cases named
kasan_seed_module.CASE; --seed-expected '' turns it off): a case expected
to pass must pass in KUnit, and its reports must be exactly one, "BUG:
KASAN: TYPE in FUNCTION+0x../0x..", of the expected TYPE and FUNCTION.
A suite missing from the log gives FAIL lines.  The workload check wants
/init's "kasan-glue: workload: done" line.

Expectations.  A case's expected result is pass, skip or fail, or one per
compiler, "plugin=pass,native=skip" (both compilers named), which needs
--compiler (the compiler that built the kernel).  A case expected to
fail must fail for want of a report: KUnit's failure message of that
case ("KASAN failure expected in" for the kasan suite, "no KASan report
for" for the seed suites) must be in the log, and any report inside it is a
stray one.  A seed case expected to skip or fail must have no report.

Overrides (--override FILE, for the kernels built with a plugin feature
off, e.g. linux-6.1/no-globals.override): lines "CASE RESULT WHY", CASE a
kasan case or SUITE.CASE of a seed suite, each replacing the expectation of a case
that is in the expectations with a different one.  Nothing else changes.

Prints a table (case, expected, result, verdict) and a summary; writes the
results as JSON (with "memory": /init's kasan-glue: meminfo line, MemTotal,
MemFree, MemAvailable and Slab in kB, and quarantine_bytes and
shadow_bytes when the kernel has them; missing values are absent) and,
with --sum, DejaGnu-style lines (PASS/FAIL per case, UNSUPPORTED for an
expected skip, a PASS that says "fails as expected" for an expected
failure; per seed case one for KUnit and, unless it is skipped, one for
its report; one for stray reports, one for the workload).  Exits 1 on
any unexpected result.
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
# The seed suites: the built-in one and the one /init loads in a module.
SEED_SUITES = (SEED_SUITE, "kasan_seed_module")
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
# A (K)TAP document's or subtest's first line.
VERSION = re.compile(r"^\s*K?TAP version \d+\s*$")
# A case's TAP result line with a skip's reason.
SKIP_REASON = re.compile(r"#\s*SKIP\b\s*(.*)$")
# KUnit's message, inside a case, that an expected report did not come
# (mm/kasan/kasan_test.c's KUNIT_EXPECT_KASAN_FAIL, seed's SEED_BAD_ACCESS).
NO_REPORT = {"kasan": "KASAN failure expected in",
             "kasan_seed": "no KASan report for",
             "kasan_seed_module": "no KASan report for"}
RESULTS = ("pass", "skip", "fail")
COMPILERS = ("plugin", "native")
# The line right after a report's title.
ACCESS = re.compile(r"(Read|Write)( of size \d+)? at addr |Free of addr ")
WORKLOAD = "kasan-glue: workload: done"
# The kernel's count of the CPUs it brought up (boot.sh gives it 2).
CPUS = re.compile(r"smp: Brought up \d+ nodes?, (\d+) CPUs?")


def expectation_lines(path):
    """The lines of an expectations file, without comments, blank lines
    and surrounding white space."""
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                yield line


def expectation(word, compiler, path, line):
    """The expected result WORD says for COMPILER: WORD is a result (pass,
    skip, fail) or one per compiler, "plugin=pass,native=skip"."""
    if word in RESULTS:
        return word
    per = {}
    for item in word.split(","):
        name, eq, result = item.partition("=")
        if not eq or name not in COMPILERS or result not in RESULTS or \
                name in per:
            sys.exit("results: %s: bad expectation %r (want one of %s, or"
                     " plugin=RESULT,native=RESULT): %s" % (
                         path, word, "/".join(RESULTS), line))
        per[name] = result
    if set(per) != set(COMPILERS):
        sys.exit("results: %s: %r does not name both compilers (%s): %s" % (
            path, word, ", ".join(COMPILERS), line))
    if compiler is None:
        sys.exit("results: %s: %r is per compiler; give --compiler %s" % (
            path, word, "|".join(COMPILERS)))
    return per[compiler]


def read_expected(path, compiler=None):
    cases = []
    for line in expectation_lines(path):
        words = line.split(None, 2)
        if len(words) < 2:
            sys.exit("results: %s: bad line: %s" % (path, line))
        cases.append((words[0], expectation(words[1], compiler, path, line),
                      words[2] if len(words) > 2 else ""))
    return cases


def seed_case_name(word, path, line):
    """(suite, case) of CASE (a kasan_seed case) or SUITE.CASE (a case of
    another seed suite)."""
    suite, dot, case = word.rpartition(".")
    if not dot:
        return SEED_SUITE, case
    if suite not in SEED_SUITES:
        sys.exit("results: %s: no seed suite %s (%s): %s" % (
            path, suite, ", ".join(SEED_SUITES), line))
    return suite, case


def read_seed_expected(path, compiler=None):
    """(suite, case, expected, bug type, function, reports) per line:
    [SUITE.]CASE EXPECTED TYPE [FUNC] [reports=N]."""
    cases = []
    for line in expectation_lines(path):
        words = line.split()
        count = 1
        if words and re.fullmatch(r"reports=[1-9]\d*", words[-1]):
            count = int(words.pop()[len("reports="):])
        if len(words) not in (3, 4):
            sys.exit("results: %s: bad line: %s" % (path, line))
        suite, case = seed_case_name(words[0], path, line)
        cases.append((suite, case,
                      expectation(words[1], compiler, path, line),
                      words[2], words[3] if len(words) == 4 else case,
                      count))
    return cases


def read_overrides(path):
    """(suite, case, expected, why) per line: "CASE RESULT WHY", CASE a
    kasan case or SEED_SUITE.CASE (kasan_seed.CASE, kasan_seed_module.CASE)."""
    found = []
    for line in expectation_lines(path):
        words = line.split(None, 2)
        if len(words) < 3 or words[1] not in RESULTS:
            sys.exit("results: %s: bad line (want CASE pass|skip|fail WHY):"
                     " %s" % (path, line))
        suite, dot, case = words[0].rpartition(".")
        if dot and suite not in SEED_SUITES:
            sys.exit("results: %s: %s: no suite %s (a kasan case, or"
                     " SUITE.CASE for a seed suite: %s)" % (
                         path, line, suite, ", ".join(SEED_SUITES)))
        found.append((suite or SUITE, case, words[1], words[2]))
    return found


def apply_overrides(paths, expected, seed_expected):
    """EXPECTED and SEED_EXPECTED with the overrides of the files PATHS,
    and {(suite, case): why} of the cases overridden."""
    why_of = {}
    expected = list(expected)
    seed_expected = list(seed_expected)
    for path in paths:
        for suite, case, exp, why in read_overrides(path):
            # A kasan row is (case, expected, ...), a seed row (suite,
            # case, expected, ...).
            table, key = (expected, (case,)) if suite == SUITE else \
                (seed_expected, (suite, case))
            hits = [i for i, row in enumerate(table)
                    if row[:len(key)] == key]
            if not hits:
                sys.exit("results: %s: %s.%s is not in the expectations" % (
                    path, suite, case))
            if (suite, case) in why_of:
                sys.exit("results: %s: %s.%s is overridden twice" % (
                    path, suite, case))
            row = table[hits[0]]
            if row[len(key)] == exp:
                sys.exit("results: %s: %s.%s is expected to %s anyway" % (
                    path, suite, case, exp))
            table[hits[0]] = key + (exp,) + tuple(row[len(key) + 1:])
            why_of[(suite, case)] = why
    return expected, seed_expected, why_of


def run_kunit_parse(kunit, text):
    """kunit.py parse's JSON of the log TEXT, or None; and its output."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "kunit.json")
        proc = subprocess.run([sys.executable, kunit, "parse",
                               "--json=" + out], input=text,
                              capture_output=True, text=True)
        if not os.path.exists(out):
            sys.stderr.write(proc.stdout + proc.stderr)
            return None, proc.stdout
        with open(out) as f:
            return json.load(f), proc.stdout


def later_suite_tap(log, name):
    """The TAP of suite NAME when it ran after the boot's TAP document had
    ended (a module's suite, run when /init loads it: kunit.py parse reads
    only the first document), as a document of its own; or None."""
    body = None
    prev = ""
    for _, line in lines(log):
        m = SUBTEST.match(line)
        if body is None:
            if m and m.group(2) == name:
                body = [prev, line] if VERSION.match(prev) else [line]
            prev = line
            continue
        m = RESULT.match(line)
        if m and m.group(3) == name and not m.group(1):
            # The suite's own result, numbered after the boot's suites.
            body.append(RESULT.sub(lambda r: "%s 1 %s" % (
                r.group(2), r.group(3)), line, count=1))
            return "KTAP version 1\n1..1\n" + "\n".join(body) + "\n"
        body.append(line)
    return None


def kunit_parse(kunit, log, suites):
    """Suite name -> (case name -> PASS/FAIL/SKIP/ERROR), for SUITES; None
    when kunit.py parse found nothing."""
    with open(log, errors="replace") as f:
        data, parse_out = run_kunit_parse(kunit, f.read())
    if data is None:
        return None, parse_out

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
        if suite is None:
            tap = later_suite_tap(log, name)
            later = run_kunit_parse(kunit, tap)[0] if tap else None
            suite = find(later, name) if later else None
        if suite is not None:
            found[name] = {c["name"]: c["status"]
                           for c in suite["test_cases"]}
    return found, parse_out


def scan_log(log):
    """The reports of the log, each with the suite and case it falls in (or
    None), the suites' summary lines, whether the workload finished, and
    the memory state that /init printed, and how many CPUs the kernel
    brought up."""
    reports = []
    suite = None
    pending = []        # reports since the last case result, in a suite
    text = []           # the lines since the last case result, in a suite
    case_text = {}      # (suite, case) -> its lines, its result line last
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
            text = []
            continue
        if suite:
            text.append(line)
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
                case_text[(suite, m.group(3))] = text
            pending = []
            text = []
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
    return reports, summaries, workload, memory, cpus, case_text


def skip_reason(case_text, suite, case):
    """The reason a skipped case gave in its TAP result line, or ''."""
    text = case_text.get((suite, case))
    m = SKIP_REASON.search(text[-1]) if text else None
    return m.group(1).strip() if m else ""


def failed_for_no_report(case_text, suite, case):
    """Whether the case's lines hold KUnit's "no report came" message."""
    return any(NO_REPORT[suite] in line
               for line in case_text.get((suite, case), []))


def judge_case(status, exp, case_text, suite, case):
    """(result, ok, why_not) of a case whose KUnit status is STATUS and
    expected result EXP: an expected failure must be for want of a
    report."""
    got = {"PASS": "pass", "SKIP": "skip", None: "missing"}.get(
        status, "fail")
    if got != exp:
        return got, False, ""
    if exp == "fail" and not failed_for_no_report(case_text, suite, case):
        return got, False, "failed, but not for want of a report: no" \
            " '%s' in its log" % NO_REPORT[suite]
    return got, True, ""


def judge_seed(seed_expected, results, reports, case_text):
    """One row per seed case: its KUnit result (RESULTS: suite -> case ->
    status) and its reports (one, or REPORTS, for a case expected to pass;
    none for the others)."""
    rows = []
    for suite, case, exp, bug_type, func, count in seed_expected:
        got, ok, why_not = judge_case(results.get(suite, {}).get(case), exp,
                                      case_text, suite, case)
        mine = [r for r in reports
                if r["suite"] == suite and r["case"] == case]
        if exp != "pass":
            if mine:
                detail = "expected no report, got %d, first at log line" \
                         " %d: %s" % (len(mine), mine[0]["line"],
                                      mine[0]["text"])
            else:
                detail = "none, as expected"
            rows.append({"suite": suite, "case": case, "expected": exp,
                         "result": got, "ok": ok, "why_not": why_not,
                         "bug_type": bug_type, "function": func,
                         "reports": [r["text"] for r in mine],
                         "report_ok": not mine, "report_detail": detail,
                         "skip_reason": skip_reason(case_text, suite,
                                                    case)})
            continue
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
        rows.append({"suite": suite, "case": case, "expected": exp,
                     "result": got, "ok": ok, "why_not": why_not,
                     "bug_type": bug_type, "function": func,
                     "reports": [r["text"] for r in mine],
                     "report_ok": title_ok, "report_detail": detail,
                     "skip_reason": ""})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--seed-expected",
                    help="the seed suites' expectations (default:"
                    " kasan_seed.expected beside --expected, if there;"
                    " '' for none)")
    ap.add_argument("--kunit", required=True)
    ap.add_argument("--label", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--sum")
    ap.add_argument("--sum-prefix")
    ap.add_argument("--quiet-table", action="store_true")
    ap.add_argument("--compiler", choices=COMPILERS,
                    help="the compiler that built the kernel, for the"
                    " expectations given per compiler")
    ap.add_argument("--override", action="append", default=[],
                    metavar="FILE",
                    help="expectations that differ for this kernel (CASE"
                    " RESULT WHY lines); may be repeated")
    ap.add_argument("--cpus", type=int, default=2,
                    help="CPUs the kernel must bring up (default 2)")
    args = ap.parse_args()

    expected = read_expected(args.expected, args.compiler)
    seed_path = args.seed_expected
    if seed_path is None:
        seed_path = os.path.join(os.path.dirname(args.expected),
                                 "kasan_seed.expected")
        if not os.path.exists(seed_path):
            seed_path = ""
    seed_expected = read_seed_expected(seed_path, args.compiler) \
        if seed_path else []
    expected, seed_expected, override_why = apply_overrides(
        args.override, expected, seed_expected)
    suites, parse_out = kunit_parse(args.kunit, args.log,
                                    (SUITE,) + SEED_SUITES)
    results = None if suites is None else suites.get(SUITE, {})
    seed_results = {s: (suites or {}).get(s, {}) for s in SEED_SUITES}
    reports, summaries, workload, memory, cpus, case_text = scan_log(args.log)
    kernel_summary = summaries.get(SUITE)
    exp_of = {c: e for c, e, _ in expected}
    seed_exp_of = {(s, c): e for s, c, e, _, _, _ in seed_expected}
    seed_suites = [s for s in SEED_SUITES
                   if any(row[0] == s for row in seed_expected)]

    rows = []
    counts = {"pass": 0, "fail": 0, "skip": 0, "missing": 0}
    for case, exp, why in expected:
        got, ok, why_not = judge_case((results or {}).get(case), exp,
                                      case_text, SUITE, case)
        counts[got] += 1
        rows.append({"case": case, "expected": exp, "result": got,
                     "ok": ok, "why": why, "why_not": why_not,
                     "override": override_why.get((SUITE, case))})
    extra = sorted(set(results or {}) - set(exp_of))
    seed_rows = judge_seed(seed_expected, seed_results, reports, case_text)
    for r in seed_rows:
        r["override"] = override_why.get((r["suite"], r["case"]))
    seed_extra = sorted((s, c) for s in seed_suites for c in seed_results[s]
                        if (s, c) not in seed_exp_of)

    def expected_report(r):
        if r["suite"] == SUITE:
            return exp_of.get(r["case"]) == "pass"
        if r["suite"] in SEED_SUITES:
            return seed_exp_of.get((r["suite"], r["case"])) == "pass"
        return False
    stray = [r for r in reports if not expected_report(r)]
    in_cases = len(reports) - len(stray)
    unexpected = [r for r in rows if not r["ok"]]
    seed_bad = [r for r in seed_rows if not r["ok"] or not r["report_ok"]]

    def note(r):
        """The table's remark on a row: unexpected, or overridden."""
        if not r["ok"]:
            return "  UNEXPECTED" + (": " + r["why_not"] if r["why_not"]
                                     else "")
        return "  (override: %s)" % r["override"] if r["override"] else ""

    def seed_name(r):
        """A seed row's name in the table: SUITE.CASE but for kasan_seed."""
        return r["case"] if r["suite"] == SEED_SUITE else \
            "%s.%s" % (r["suite"], r["case"])

    w = max([len(c) for c, _, _ in expected] +
            [len(seed_name(r)) for r in seed_rows])
    if not args.quiet_table:
        print("  %-*s  %-8s  %-8s" % (w, "case (%s)" % args.label,
                                      "expected", "result"))
        for r in rows:
            print("  %-*s  %-8s  %-8s%s" % (w, r["case"], r["expected"],
                                            r["result"], note(r)))
        if seed_rows:
            print("  %-*s  %-8s  %-8s  %s" % (
                w, "case (%s, %s)" % (args.label, ", ".join(seed_suites)),
                "expected", "result", "report"))
        for r in seed_rows:
            print("  %-*s  %-8s  %-8s  %s%s" % (
                w, seed_name(r), r["expected"], r["result"],
                r["report_detail"] if r["report_ok"] else "UNEXPECTED: " +
                r["report_detail"], note(r)))
    for r in stray:
        where = ""
        if r["case"]:
            where = " (in %s case %s)" % (r["suite"], r["case"])
        print("  stray %s report, log line %d%s: %s" % (
            r["kind"], r["line"], where, r["text"]))
    for name in extra:
        print("  case %s is not in %s" % (name, args.expected))
    for suite, name in seed_extra:
        print("  case %s.%s is not in %s" % (suite, name, seed_path))
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
    for suite in seed_suites:
        mine = [r for r in seed_rows if r["suite"] == suite]
        print("%s: %s: pass:%d of %d, reports as expected: %d of %d%s" % (
            args.label, suite,
            sum(r["result"] == "pass" for r in mine), len(mine),
            sum(r["report_ok"] for r in mine), len(mine),
            "" if suite in summaries else " (the suite did not run)"))
    print("%s: workload %s" % (args.label,
                               "done" if workload else "NOT done"))

    p = args.sum_prefix or args.label
    checks = []         # (PASS/FAIL/UNSUPPORTED, the .sum line's rest)

    def case_check(name, r, why):
        """The .sum line of one case's KUnit result."""
        if r["ok"] and r["expected"] == "skip":
            return ("UNSUPPORTED", "%s (skipped as expected: %s)" % (
                name, why))
        if r["ok"] and r["expected"] == "fail":
            return ("PASS", "%s (fails as expected, no report: %s)" % (
                name, why))
        if r["ok"]:
            return ("PASS", name)
        if r["why_not"]:
            return ("FAIL", "%s (expected %s, %s)" % (
                name, r["expected"], r["why_not"]))
        return ("FAIL", "%s (expected %s, got %s)" % (
            name, r["expected"], r["result"]))

    for r in rows:
        checks.append(case_check(r["case"], r, r["override"] or r["why"]))
    for name in extra:
        checks.append(("FAIL", "%s (not in the expectations)" % name))
    for r in seed_rows:
        name = "%s.%s" % (r["suite"], r["case"])
        why = r["override"] or ""
        if not why and r["expected"] == "skip":
            why = "%sthe kernel says: %s" % (
                "with %s, " % args.compiler if args.compiler else "",
                r["skip_reason"] or "(no reason)")
        checks.append(case_check(name, r, why))
        if r["expected"] != "skip":
            checks.append(("PASS" if r["report_ok"] else "FAIL",
                           "%s report (%s)" % (name, r["report_detail"])))
    for suite, name in seed_extra:
        checks.append(("FAIL", "%s.%s (not in the expectations)" % (
            suite, name)))
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
            "compiler": args.compiler,
            "overrides": [{"suite": s, "case": c, "why": w}
                          for (s, c), w in sorted(override_why.items())],
            "unexpected": [r["case"] for r in unexpected],
            "stray_reports": stray, "reports_in_cases": in_cases,
            "kernel_summary": kernel_summary, "cases": rows,
            "extra_cases": extra,
            "seed": {"expected": os.path.abspath(seed_path)
                     if seed_path else None,
                     "kernel_summary": {s: summaries.get(s)
                                        for s in seed_suites},
                     "cases": seed_rows,
                     "extra_cases": ["%s.%s" % e for e in seed_extra],
                     "unexpected": ["%s.%s" % (r["suite"], r["case"])
                                    for r in seed_bad]},
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
