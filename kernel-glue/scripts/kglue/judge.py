# SPDX-License-Identifier: GPL-2.0-or-later
"""Judge: one test kernel's boot (bootlog.py's measurements) against its
expectations (expect.py): a row per KUnit case of the kernel's KASan suite
and per seed case, the stray reports, and the checks that become the
kernel.sum lines and results.json.  Nothing here reads a file or prints.

A report counts as expected only inside a case, of the kasan or a seed
suite, that is expected to pass; everywhere else (boot, other suites, a
skipped case, after a suite) it is a stray report and a failure.  A case
expected to fail must fail for want of a report: its KUnit failure message
("KASAN failure expected in" for the kasan suite, "no KASan report for"
for the seed suites) must be in its lines.  A seed case expected to pass
must have exactly its expected reports (one, or reports=N), each titled
"BUG: KASAN: TYPE in FUNCTION+0x../0x.." and followed by its access line;
one expected to skip or fail must have none.  A kasan case expected to
fail partly ("partial": some of its checks are of code no compiler
instruments, such as 32-bit ARM's assembly strchr(), while its others
report) must fail for want of a report too, and its reports are not
stray."""

import re

from kglue.bootlog import TITLE, WORKLOAD
from kglue.expect import SEED_SUITES, SUITE

# A case's TAP result line with a skip's reason.
SKIP_REASON = re.compile(r"#\s*SKIP\b\s*(.*)$")
# KUnit's message, inside a case, that an expected report did not come
# (mm/kasan/kasan_test.c's KUNIT_EXPECT_KASAN_FAIL, seed's SEED_BAD_ACCESS).
NO_REPORT = {"kasan": "KASAN failure expected in",
             "kasan_seed": "no KASan report for",
             "kasan_seed_module": "no KASan report for"}
# The suffixes of a function's parts and clones that GCC emits under
# their own symbols: FUNC.cold (the unlikely blocks, moved out by
# -freorder-blocks-and-partition at -O2: a defconfig kernel, not
# tinyconfig's -Os, reports a seed case's access from there, where the
# check's report call is), FUNC.part.N, FUNC.isra.N, FUNC.constprop.N.
# Each is FUNC's own code.
GCC_PART = r"(\.(cold|part\.\d+|isra\.\d+|constprop\.\d+))*"
# The line right after a report's title.
ACCESS = re.compile(r"(Read|Write)( of size \d+)? at addr |Free of addr ")


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
    expected result EXP: an expected failure, whole or partial, must be
    for want of a report."""
    got = {"PASS": "pass", "SKIP": "skip", None: "missing"}.get(
        status, "fail")
    if got != {"partial": "fail"}.get(exp, exp):
        return got, False, ""
    if exp in ("fail", "partial") and \
            not failed_for_no_report(case_text, suite, case):
        return got, False, "failed, but not for want of a report: no" \
            " '%s' in its log" % NO_REPORT[suite]
    return got, True, ""


def no_report_detail(mine):
    """(ok, detail) of the reports of a seed case that must have none."""
    if mine:
        return False, "expected no report, got %d, first at log line" \
            " %d: %s" % (len(mine), mine[0]["line"], mine[0]["text"])
    return True, "none, as expected"


def report_detail(mine, bug_type, func, count):
    """(ok, detail) of the reports MINE of a seed case expected to pass:
    exactly COUNT, each "TYPE in FUNC[+0x../0x..]" followed by its access
    line (not torn by another CPU's report)."""
    want = "%s in %s" % (bug_type, func)
    if count > 1:
        want = "%d x %s" % (count, want)
    # "A|B": either, where it depends on what the compiler inlined.
    func_rx = re.compile("(%s)" % "|".join(re.escape(f)
                                          for f in func.split("|")) +
                         GCC_PART + r"(\+0x[0-9a-f]+/0x[0-9a-f]+)?")

    def title_bad(r):
        m = TITLE.search(r["text"])
        return not (m and m.group(1) == bug_type and
                    func_rx.fullmatch(m.group(2)))

    bad_title = [r for r in mine if title_bad(r)]
    torn = [r for r in mine if not ACCESS.match(r.get("next", ""))]
    if len(mine) == count and not bad_title and not torn:
        return True, want
    if not mine:
        return False, "expected %s, got no report" % want
    if len(mine) != count:
        return False, "expected %s, got %d reports, first at log line" \
            " %d: %s" % (want, len(mine), mine[0]["line"], mine[0]["text"])
    if bad_title:
        return False, "expected %s, got log line %d: %s" % (
            want, bad_title[0]["line"], bad_title[0]["text"])
    return False, "expected %s, got a title at log line %d not followed" \
        " by its access line: %s" % (want, torn[0]["line"],
                                     torn[0].get("next", ""))


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
            report_ok, detail = no_report_detail(mine)
            reason = skip_reason(case_text, suite, case)
        else:
            report_ok, detail = report_detail(mine, bug_type, func, count)
            reason = ""
        rows.append({"suite": suite, "case": case, "expected": exp,
                     "result": got, "ok": ok, "why_not": why_not,
                     "bug_type": bug_type, "function": func,
                     "reports": [r["text"] for r in mine],
                     "report_ok": report_ok, "report_detail": detail,
                     "skip_reason": reason})
    return rows


def judge_kasan(expected, results, case_text, override_why, reports):
    """The kasan suite's rows, their counts, and the cases the kernel ran
    that the expectations do not name.  A case expected to fail partly
    must hold a report (else it fails whole: expect fail)."""
    rows = []
    counts = {"pass": 0, "fail": 0, "skip": 0, "missing": 0}
    reported = {r["case"] for r in reports if r["suite"] == SUITE}
    for case, exp, why in expected:
        got, ok, why_not = judge_case((results or {}).get(case), exp,
                                      case_text, SUITE, case)
        if ok and exp == "partial" and case not in reported:
            ok, why_not = False, "failed with no report at all, not partly"
        counts[got] += 1
        rows.append({"case": case, "expected": exp, "result": got,
                     "ok": ok, "why": why, "why_not": why_not,
                     "override": override_why.get((SUITE, case))})
    known = {c for c, _, _ in expected}
    return rows, counts, sorted(set(results or {}) - known)


def stray_reports(reports, expected, seed_expected):
    """The reports outside any case expected to pass (or, in the kasan
    suite, to fail partly)."""
    exp_of = {c: e for c, e, _ in expected}
    seed_exp_of = {(s, c): e for s, c, e, _, _, _ in seed_expected}

    def expected_report(r):
        if r["suite"] == SUITE:
            return exp_of.get(r["case"]) in ("pass", "partial")
        if r["suite"] in SEED_SUITES:
            return seed_exp_of.get((r["suite"], r["case"])) == "pass"
        return False
    return [r for r in reports if not expected_report(r)]


def provoked_warnings(stray, provoked, scenarios):
    """STRAY split into what is still stray and the kernel warnings a
    scenario of SCENARIOS provokes on purpose (PROVOKED: (scenario, regex)
    pairs, scenario-warnings.expected); a KASan report is never one."""
    kept, excused = [], []
    for r in stray:
        why = [sc for sc, rx in provoked if sc in scenarios
               and r["kind"] == "crash" and rx.search(r["text"])]
        (excused if why else kept).append(dict(r, scenario=why[0]) if why
                                          else r)
    return kept, excused


def judge_boot(boot, expected, seed_expected, override_why):
    """The verdict on one boot: BOOT is {"suites": suite -> case -> status
    or None when kunit.py found nothing, "reports", "summaries",
    "workload", "memory", "cpus", "case_text"}."""
    suites = boot["suites"]
    results = None if suites is None else suites.get(SUITE, {})
    seed_results = {s: (suites or {}).get(s, {}) for s in SEED_SUITES}
    rows, counts, extra = judge_kasan(expected, results, boot["case_text"],
                                      override_why, boot["reports"])
    seed_rows = judge_seed(seed_expected, seed_results, boot["reports"],
                           boot["case_text"])
    for r in seed_rows:
        r["override"] = override_why.get((r["suite"], r["case"]))
    seed_suites = [s for s in SEED_SUITES
                   if any(row[0] == s for row in seed_expected)]
    seed_known = {(s, c) for s, c, _, _, _, _ in seed_expected}
    seed_extra = sorted((s, c) for s in seed_suites for c in seed_results[s]
                        if (s, c) not in seed_known)
    stray = stray_reports(boot["reports"], expected, seed_expected)
    return {"results": results, "rows": rows, "counts": counts,
            "extra": extra, "seed_rows": seed_rows,
            "seed_suites": seed_suites, "seed_extra": seed_extra,
            "stray": stray,
            "in_cases": len(boot["reports"]) - len(stray),
            "unexpected": [r for r in rows if not r["ok"]],
            "seed_bad": [r for r in seed_rows
                         if not r["ok"] or not r["report_ok"]]}


def case_check(name, r, why):
    """The .sum line of one case's KUnit result: (verdict, text)."""
    if r["ok"] and r["expected"] == "skip":
        return ("UNSUPPORTED", "%s (skipped as expected: %s)" % (name, why))
    if r["ok"] and r["expected"] == "fail":
        return ("PASS", "%s (fails as expected, no report: %s)" % (
            name, why))
    if r["ok"] and r["expected"] == "partial":
        return ("PASS", "%s (fails partly as expected, some checks without"
                " a report: %s)" % (name, why))
    if r["ok"]:
        return ("PASS", name)
    if r["why_not"]:
        return ("FAIL", "%s (expected %s, %s)" % (
            name, r["expected"], r["why_not"]))
    return ("FAIL", "%s (expected %s, got %s)" % (
        name, r["expected"], r["result"]))


def seed_checks(v, compiler):
    """The .sum lines of the seed cases: KUnit's result and, unless the
    case is to be skipped, its reports."""
    checks = []
    for r in v["seed_rows"]:
        name = "%s.%s" % (r["suite"], r["case"])
        why = r["override"] or ""
        if not why and r["expected"] == "skip":
            why = "%sthe kernel says: %s" % (
                "with %s, " % compiler if compiler else "",
                r["skip_reason"] or "(no reason)")
        checks.append(case_check(name, r, why))
        if r["expected"] != "skip":
            checks.append(("PASS" if r["report_ok"] else "FAIL",
                           "%s report (%s)" % (name, r["report_detail"])))
    for suite, name in v["seed_extra"]:
        checks.append(("FAIL", "%s.%s (not in the expectations)" % (
            suite, name)))
    return checks


def scenario_checks(boot, scenarios):
    """One check per guest scenario asked for: it printed "done" (and no
    "failed" before).  A scenario whose run made a report or crashed the
    kernel fails the stray-report check, not this one."""
    out = []
    for name in scenarios:
        end = boot["scenarios"].get(name, {}).get("end")
        if end == "done":
            out.append(("PASS", "scenario %s" % name))
        else:
            out.append(("FAIL", "scenario %s (%s)" % (
                name, end or "no end line: it did not finish")))
    return out


def checks(v, boot, compiler, cpus, scenarios=()):
    """Every check of the verdict V, in .sum order: (PASS|FAIL|UNSUPPORTED,
    what); SCENARIOS the guest scenarios the boot ran."""
    out = [case_check(r["case"], r, r["override"] or r["why"])
           for r in v["rows"]]
    out += [("FAIL", "%s (not in the expectations)" % name)
            for name in v["extra"]]
    out += seed_checks(v, compiler)
    stray = v["stray"]
    if stray:
        out.append(("FAIL", "no stray reports (%d, first at log line"
                    " %d: %s)" % (len(stray), stray[0]["line"],
                                  stray[0]["text"])))
    else:
        out.append(("PASS", "no stray reports"))
    workload = boot["workload"]
    out.append(("PASS" if workload else "FAIL",
                "workload (%s)" % ("done" if workload else
                                   "no '%s' in the log" % WORKLOAD)))
    got = boot["cpus"]
    out.append(("PASS" if got == cpus else "FAIL",
                "%d CPUs (the kernel brought up %s)" % (
                    cpus, got if got is not None else "none")))
    return out + scenario_checks(boot, scenarios)


def stack_walk_check(walks):
    """Our runtime's stack walk against the kernel's (kasan.stackwalk=
    check): some compared, none different."""
    if walks is None:
        return ("FAIL", "stack walk (no counters in the log)")
    what = "stack walk (%(checked)d compared with the kernel's, " \
        "%(mismatches)d different, %(fallbacks)d left to it)" % walks
    ok = walks["checked"] > 0 and walks["mismatches"] == 0
    return ("PASS" if ok else "FAIL", what)


def passed(v, check_list):
    """The boot's overall verdict: KUnit found results, and no check
    failed."""
    return v["results"] is not None and \
        not any(verdict == "FAIL" for verdict, _ in check_list)
