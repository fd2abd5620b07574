#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Judge one test kernel's boot: the kernel's KASan KUnit suite against
the expectations, the seed suites and their reports' titles, /init's
workload, and the whole serial log for KASan reports that no test case
expected.

  results.py --log SERIAL.LOG --expected linux-X.Y/kasan_test.expected \\
             --kunit TREE/tools/testing/kunit/kunit.py --label 'plugin inline' \\
             --json OUT.json [--sum-prefix 'kernel X.Y inline'] [--sum OUT.sum] \\
             [--seed-expected kasan_seed.expected] [--compiler plugin|native] \\
             [--runtime own|mainline] \\
             [--override linux-X.Y/no-globals.override ...]

Measure (kglue/bootlog.py: kunit.py parse --json reads the TAP; the
reports, each in the case it falls in), judge (kglue/expect.py,
kglue/judge.py: what is expected, what is stray) and render
(kglue/render.py).  The expectation files are the Linux version's, in
kernel-glue/linux-X.Y/; they, not this script, name the cases.

The seed suites, kasan_seed (built in) and kasan_seed_module (in a
module that /init loads, so its TAP comes after the boot's TAP document
and is parsed on its own), are judged when their expectations exist (by
default kasan_seed.expected beside --expected or, for the expectations
of an architecture, linux-X.Y/ARCH/, in linux-X.Y/; the module's cases named
kasan_seed_module.CASE; --seed-expected '' turns it off).  A suite missing
from the log gives FAIL lines.  The workload check wants /init's
"kasan-glue: workload: done" line, and the kernel must bring up --cpus.
Each guest scenario of --scenarios (NAME,...) must print "kasan-glue:
scenario NAME: done"; a report or crash during it is a stray report.

Overrides (--override FILE, for the kernels built with a plugin feature
off): lines "CASE RESULT WHY", CASE a kasan case or SUITE.CASE of a seed
suite, each replacing the expectation of a case that is in the
expectations with a different one.  Nothing else changes.

Prints a table (case, expected, result, verdict) and a summary; writes the
results as JSON (with "memory": /init's kasan-glue: meminfo line, MemTotal,
MemFree, MemAvailable and Slab in kB, and quarantine_bytes and
shadow_bytes when the kernel has them; missing values are absent) and,
with --sum, DejaGnu-style lines (PASS/FAIL per case, UNSUPPORTED for an
expected skip, a PASS that says "fails as expected" for an expected
failure; per seed case one for KUnit and, unless it is skipped, one for
its report; one for stray reports, one for the workload, one for the
CPUs, one per scenario of --scenarios, and with --stack-walk-check one
for our runtime's stack walk: compared with the kernel's on some saves
and never different).  Exits 1 on any unexpected result.
"""

import argparse
import json
import os
import sys

from kglue import bootlog, expect, judge, render


def parse_args():
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
    ap.add_argument("--compiler", choices=expect.COMPILERS,
                    help="the compiler that built the kernel, for the"
                    " expectations given per compiler")
    ap.add_argument("--override", action="append", default=[],
                    metavar="FILE",
                    help="expectations that differ for this kernel (CASE"
                    " RESULT WHY lines); may be repeated")
    ap.add_argument("--runtime", choices=expect.RUNTIMES,
                    help="the kernel's KASan runtime, for the expectations"
                    " given per runtime")
    ap.add_argument("--cpus", type=int, default=2,
                    help="CPUs the kernel must bring up (default 2)")
    ap.add_argument("--scenario-warnings", default=os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        "scenario-warnings.expected"),
                    help="the kernel warnings each scenario provokes on"
                    " purpose (default kernel-glue/scenario-warnings.expected)")
    ap.add_argument("--stack-walk-check", action="store_true",
                    help="the boot had kasan.stackwalk=check: want walks "
                    "compared and none different")
    ap.add_argument("--scenarios", default="",
                    help="the guest scenarios the boot ran, NAME,...: each"
                    " must print its 'done' line")
    return ap.parse_args()


def seed_path(args):
    """The seed expectations' file, '' for none: beside --expected, or one
    directory up (linux-X.Y/ for linux-X.Y/ARCH/kasan_test.expected)."""
    if args.seed_expected is not None:
        return args.seed_expected
    here = os.path.dirname(os.path.abspath(args.expected))
    for d in (here, os.path.dirname(here)):
        path = os.path.join(d, "kasan_seed.expected")
        if os.path.exists(path):
            return path
    return ""


def measure(args):
    """What the log says: bootlog's findings as one dict, and kunit.py
    parse's output."""
    suites, parse_out = bootlog.kunit_parse(
        args.kunit, args.log, (expect.SUITE,) + expect.SEED_SUITES)
    reports, summaries, workload, memory, cpus, case_text, scenarios, \
        stack_walks = bootlog.scan_log(args.log)
    return {"suites": suites, "reports": reports, "summaries": summaries,
            "workload": workload, "memory": memory, "cpus": cpus,
            "case_text": case_text, "scenarios": scenarios,
            "stack_walks": stack_walks}, parse_out


def results_json(args, seed, v, boot, override_why, check_list):
    """results.json: the verdict and what it was made from."""
    summaries = boot["summaries"]
    return {"label": args.label, "log": os.path.abspath(args.log),
            "counts": v["counts"], "total": len(v["rows"]),
            "compiler": args.compiler, "runtime": args.runtime,
            "overrides": [{"suite": s, "case": c, "why": w}
                          for (s, c), w in sorted(override_why.items())],
            "unexpected": [r["case"] for r in v["unexpected"]],
            "stray_reports": v["stray"], "reports_in_cases": v["in_cases"],
            "provoked_warnings": v["provoked"],
            "kernel_summary": summaries.get(expect.SUITE),
            "cases": v["rows"], "extra_cases": v["extra"],
            "seed": {"expected": os.path.abspath(seed) if seed else None,
                     "kernel_summary": {s: summaries.get(s)
                                        for s in v["seed_suites"]},
                     "cases": v["seed_rows"],
                     "extra_cases": ["%s.%s" % e for e in v["seed_extra"]],
                     "unexpected": ["%s.%s" % (r["suite"], r["case"])
                                    for r in v["seed_bad"]]},
            "workload": boot["workload"], "memory": boot["memory"],
            "cpus": boot["cpus"], "scenarios": boot["scenarios"],
            "stack_walks": boot["stack_walks"],
            "failed_checks": [what for verdict, what in check_list
                              if verdict == "FAIL"]}


def main():
    args = parse_args()
    seed = seed_path(args)
    expected = expect.read_expected(args.expected, args.compiler,
                                    args.runtime)
    seed_expected = expect.read_seed_expected(seed, args.compiler,
                                              args.runtime) \
        if seed else []
    expected, seed_expected, override_why = expect.apply_overrides(
        args.override, expected, seed_expected, args.compiler, args.runtime)
    boot, parse_out = measure(args)
    v = judge.judge_boot(boot, expected, seed_expected, override_why)
    scenarios = [n for n in args.scenarios.split(",") if n]
    v["stray"], v["provoked"] = judge.provoked_warnings(
        v["stray"], expect.read_scenario_warnings(args.scenario_warnings),
        scenarios)
    for r in v["provoked"]:
        print("%s: provoked by scenario %s, not stray: log line %d: %s"
              % (args.label, r["scenario"], r["line"], r["text"]))
    check_list = judge.checks(v, boot, args.compiler, args.cpus, scenarios)
    if args.stack_walk_check:
        check_list.append(judge.stack_walk_check(boot["stack_walks"]))
    if not args.quiet_table:
        render.print_case_table(v, args.label)
    render.print_findings(v, args.expected, seed, parse_out)
    render.print_summary(v, boot, args.label)
    with open(args.json, "w") as f:
        json.dump(results_json(args, seed, v, boot, override_why,
                               check_list), f, indent=1)
    if args.sum:
        with open(args.sum, "a") as f:
            f.writelines(render.sum_lines(check_list,
                                          args.sum_prefix or args.label))
    return 0 if judge.passed(v, check_list) else 1


if __name__ == "__main__":
    sys.exit(main())
