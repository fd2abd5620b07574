#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""compare.py --json OUT.json [--report-case CASE] [--report-doc FILE.md]
           [--none DIR] [--title TEXT] PAIR...

  PAIR is NAME:LABEL_A=DIR_A:LABEL_B=DIR_B, e.g.
         inline:plugin-own=build/kernel-6.1-plugin-own-inline:native-mainline=build/kernel-6.1-native-mainline-inline
       or, the older form, NAME:DIR_A:DIR_B, which means the labels
       plugin and native.

The side-by-side of two KASan kernels of the same config and Linux
version, per pair (typically a mode: plugin-built against native-GCC-built,
or our runtime against mainline's).  make kernel-check runs it once per
version (build/kernel-compare-X.Y.json, -report.md).

Measure (kglue/measure.py): each build directory is measured once and its
numbers written to DIR/measure.json: vmlinux's code ("text": the bytes of
its functions, nm sizes of types tTwW as bloat-o-meter counts them; not
size(1)'s text, which holds .rodata and the 2 MiB alignment padding
inside .text, shown as "size_text"), data and bss (size), its .data, .bss
(also without its padding to 2 MiB) and .rodata (readelf -S), the
compiler-emitted __asan_* call sites (objdump -d; in outline mode each is
a check, in inline mode they are the report calls), the last full build's
time, the boot's, the instrumented objects (kasan-objects.txt), the boot
memory from serial.log (the kernel's "Memory: ..." line and /init's
"kasan-glue: meminfo ...", "shadow_bytes=N", "quarantine_bytes=N"), the
first KASan report inside KUnit case CASE (default kmalloc_oob_right) of
the kasan suite, and, over the objects linked into vmlinux (the members
of vmlinux.a and of the libraries .vmlinux.o.cmd names, composite objects
by their parts), each object's .data*/.bss*/.rodata* (readelf -S) and
each function's frame from the .su files of -fstack-usage (only objects
whose .cmd has -fstack-usage; an older .su is stale).

Judge (kglue/pairs.py), per pair: the kasan KUnit results (results.json)
and the cases that differ, the objects instrumented by one build only,
the two reports compared line by line once addresses, function offsets,
pfns, pids and timestamps are masked; stack usage over the objects both
builds instrument and over all of vmlinux's (per build and for the none
build: functions, sum of frames, dynamic ones, the largest; per function
matched by object and name: larger in A, in B, equal, only in one, the
sum of the differences and of each side's excess, how many frames grew
over none's in one build only, the 10 functions with the largest excess);
sections: vmlinux's and the objects' data/bss/rodata, their growth over
the none build (--none DIR, the same config without KASan) and the ratio
of the growths, with the 10 objects A exceeds B by the most.

Render (kglue/compare_render.py, kglue/markdown.py): one table with a
column per build directory, then per pair what differs and the stack and
section tables; with --report-doc, the stack and section tables, the two
reports and their comparison as markdown.

OUT.json: {"title", "report_case", "none": {...}, "modes": {NAME:
{LABEL_A: ..., LABEL_B: ..., "labels", "differing_cases",
"objects_only_LABEL", "reports", "report_diff", "stack_usage",
"sections"}}}; each build's entry has its measure.json's numbers but the
per-object and per-function ones, and its results.json.  Missing pieces (a
build that failed, or made without -fstack-usage) show as "-", missing
boot memory lines (older logs) as "n/a".
"""

import argparse
import json
import os
import sys

from kglue import compare_render, markdown, measure, pairs


def parse_args():
    usage, _, rest = __doc__.partition("\n\n")
    ap = argparse.ArgumentParser(
        usage=usage.strip(), description=rest,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", required=True, metavar="OUT.json")
    ap.add_argument("--report-case", default="kmalloc_oob_right",
                    metavar="CASE")
    ap.add_argument("--report-doc", metavar="FILE.md")
    ap.add_argument("--none", metavar="DIR",
                    help="the uninstrumented kernel of the same config")
    ap.add_argument("--title", default="",
                    help="what the kernels are, e.g. 'Linux 6.1'")
    ap.add_argument("pairs", nargs="+", metavar="PAIR")
    args = ap.parse_args()
    specs = []
    for spec in args.pairs:
        try:
            specs.append(pairs.parse_pair(spec))
        except ValueError as err:
            ap.error(str(err))
    names = [name for name, _, _ in specs]
    for name in names:
        if names.count(name) > 1:
            ap.error("pair name %s given twice" % name)
    if args.none and any("none" in (la, lb)
                         for _, (la, _), (lb, _) in specs):
        ap.error("with --none, no label may be none")
    return args, specs


class Builds:
    """Each build directory measured once (measure.json), and its column."""

    def __init__(self, case):
        self.case = case
        self.seen = {}

    def get(self, out):
        key = os.path.realpath(out)
        if key not in self.seen:
            m = measure.measure_dir(out, self.case)
            self.seen[key] = (m, pairs.build_summary(m))
        return self.seen[key]


def main():
    args, specs = parse_args()
    case = args.report_case
    builds = Builds(case)
    report = {"title": args.title, "report_case": case, "modes": {}}
    mn = None
    if args.none:
        mn, report["none"] = builds.get(args.none)
    for name, (la, da), (lb, db) in specs:
        (ma, a), (mb, b) = builds.get(da), builds.get(db)
        report["modes"][name] = pairs.pair_entry(la, ma, a, lb, mb, b, mn)
    if args.title:
        print("  %s:" % args.title)
    compare_render.print_side_by_side(report, case)
    for name, e in report["modes"].items():
        compare_render.print_pair_notes(name, e, case)
    for name, e in report["modes"].items():
        compare_render.print_stack(name, e)
        compare_render.print_sections(name, e)
    with open(args.json, "w") as f:
        json.dump(report, f, indent=1)
    if args.report_doc:
        markdown.write_doc(args.report_doc, report, case)
        print("  (the stack and section tables and the %s reports in %s)" % (
            case, args.report_doc))
    print("  (numbers in %s)" % args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
