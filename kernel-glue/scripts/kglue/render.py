# SPDX-License-Identifier: GPL-2.0-or-later
"""Render: text for people, from what judge.py and pairs.py decided.  The
table of one boot (case, expected, result) with its summary lines, the
.sum lines, and the number and table helpers the side-by-side's text
(compare_render.py) and report document (markdown.py) share."""

import re
import textwrap

from kglue.expect import SEED_SUITE, SUITE


def fmt(v, missing="-"):
    """A number with thousands separators; MISSING for None."""
    if v is None:
        return missing
    if isinstance(v, int):
        return "{:,}".format(v)
    return str(v)


def signed(v):
    return "-" if v is None else "{:+,}".format(v)


def ratio_fmt(r):
    return "n/a" if r is None else "%.2f" % r


def para(text):
    """A paragraph of the markdown, wrapped."""
    return textwrap.fill(text, 72, break_long_words=False,
                         break_on_hyphens=False)


def print_table(head, rows, indent="    "):
    """A text table: the first column left-aligned, the others right."""
    widths = [max(len(str(r[i])) for r in rows + [head])
              for i in range(len(head))]
    for r in [head] + rows:
        print((indent + "  ".join(
            str(v).ljust(widths[i]) if i == 0 else str(v).rjust(widths[i])
            for i, v in enumerate(r))).rstrip())


def md_table(head, rows):
    """A markdown table, numbers (and "-", "n/a") right-aligned."""
    num = re.compile(r"^([+-]?[\d,.]+( \([\d,]+\))?|-|n/a)$")
    align = ["---"] + ["---:" if all(num.match(str(r[i])) for r in rows)
                       else "---" for i in range(1, len(head))]

    def cell(v):
        return str(v).replace("|", "\\|")
    return (["| " + " | ".join(cell(h) for h in head) + " |",
             "|" + "|".join(align) + "|"] +
            ["| " + " | ".join(cell(v) for v in r) + " |" for r in rows])


# ---- one boot --------------------------------------------------------------

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


def print_case_table(v, label):
    """The table of the kasan suite's cases, then of the seed cases."""
    w = max([len(r["case"]) for r in v["rows"]] +
            [len(seed_name(r)) for r in v["seed_rows"]])
    print("  %-*s  %-8s  %-8s" % (w, "case (%s)" % label,
                                  "expected", "result"))
    for r in v["rows"]:
        print("  %-*s  %-8s  %-8s%s" % (w, r["case"], r["expected"],
                                        r["result"], note(r)))
    if v["seed_rows"]:
        print("  %-*s  %-8s  %-8s  %s" % (
            w, "case (%s, %s)" % (label, ", ".join(v["seed_suites"])),
            "expected", "result", "report"))
    for r in v["seed_rows"]:
        print("  %-*s  %-8s  %-8s  %s%s" % (
            w, seed_name(r), r["expected"], r["result"],
            r["report_detail"] if r["report_ok"] else "UNEXPECTED: " +
            r["report_detail"], note(r)))


def print_findings(v, expected_path, seed_path, parse_out):
    """Stray reports, cases not in the expectations, and kunit.py parse's
    own words when it found nothing."""
    for r in v["stray"]:
        where = ""
        if r["case"]:
            where = " (in %s case %s)" % (r["suite"], r["case"])
        print("  stray %s report, log line %d%s: %s" % (
            r["kind"], r["line"], where, r["text"]))
    for name in v["extra"]:
        print("  case %s is not in %s" % (name, expected_path))
    for suite, name in v["seed_extra"]:
        print("  case %s.%s is not in %s" % (suite, name, seed_path))
    if v["results"] is None:
        print("  kunit.py parse found no results:")
        print("\n".join("    " + l for l in parse_out.splitlines()[-10:]))


def print_summary(v, boot, label):
    """The summary lines: counts, the kernel's own, the seed suites', the
    workload."""
    c = v["counts"]
    total = len(v["rows"])
    print("%s: %s: pass:%d fail:%d skip:%d missing:%d total:%d;"
          " unexpected: %d; stray reports: %d (%d reports inside cases)" % (
              label, SUITE, c["pass"], c["fail"], c["skip"], c["missing"],
              total, len(v["unexpected"]), len(v["stray"]), v["in_cases"]))
    kernel_summary = boot["summaries"].get(SUITE)
    if kernel_summary:
        print("%s: the kernel says: # %s" % (label, kernel_summary))
    for suite in v["seed_suites"]:
        mine = [r for r in v["seed_rows"] if r["suite"] == suite]
        print("%s: %s: pass:%d of %d, reports as expected: %d of %d%s" % (
            label, suite,
            sum(r["result"] == "pass" for r in mine), len(mine),
            sum(r["report_ok"] for r in mine), len(mine),
            "" if suite in boot["summaries"] else " (the suite did not run)"))
    print("%s: workload %s" % (label,
                               "done" if boot["workload"] else "NOT done"))


def sum_lines(check_list, prefix):
    """The DejaGnu-style .sum lines of the checks, each test name starting
    with PREFIX."""
    return ["%s: %s %s\n" % (verdict, prefix, what)
            for verdict, what in check_list]
