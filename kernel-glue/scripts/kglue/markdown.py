# SPDX-License-Identifier: GPL-2.0-or-later
"""Render: the side-by-side's report document (compare.py --report-doc,
build/kernel-compare-X.Y-report.md): per pair, the stack and section
tables and the two reports with their line-by-line difference, in
markdown, from the entries pairs.py made."""

import os

from kglue.compare_render import section_tables, stack_tables, worst_text
from kglue.expect import SUITE
from kglue.render import md_table, para


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


def doc_stack(e):
    la, lb = e["labels"]
    tabs = stack_tables(e)
    if not tabs:
        return []
    w = ["### Stack usage", "",
         para("Frame sizes from GCC's `-fstack-usage` (the `.su` file beside "
              "each object), over the objects linked into vmlinux; "
              "functions are matched by object and name."), ""]
    for key, title, labs, rows, worst, text, top in tabs:
        w += ["**%s:**" % (title[0].upper() + title[1:]), ""]
        w += md_table([""] + labs, rows) + [""]
        w += ["- " + para(x).replace("\n", "\n  ") for x in
              [worst_text(lab, x, "`") for lab, x in worst] + [text]]
        w += [""]
        if key == "both_instrumented" and top:
            w += ["Largest excess of %s over %s:" % (la, lb), ""]
            w += md_table(["excess", "function", "file (object)", la, lb,
                           "none"], [[r[0], "`%s`" % r[1], r[2]] + r[3:]
                                     for r in top]) + [""]
    return w


def doc_sections(e):
    la, lb = e["labels"]
    t = section_tables(e)
    if not t:
        return []
    vrows, otitle, orows, top, labs = t
    w = ["### Sections", "",
         para("vmlinux's `.data`, `.bss` and `.rodata` (`readelf -S`), then "
              "the sum over the objects that all the builds link (each "
              "object's `.data*` but `.data.rel.ro*`, `.bss*`, and "
              "`.rodata*` with `.data.rel.ro*`%s), in bytes; growth is over "
              "the uninstrumented kernel (none), ratio is growth of %s / "
              "growth of %s." % (
                  "" if otitle is None else "; " + otitle, la, lb)), ""]
    w += md_table(["", *labs, "growth " + la, "growth " + lb, "ratio"],
                  vrows + orows) + [""]
    if top:
        w += ["Objects whose data+bss+rodata exceed most in %s over %s "
              "(data/bss/rodata):" % (la, lb), ""]
        w += md_table(["excess", "object"] + labs,
                      [[r[0], "`%s`" % r[1]] + r[2:] for r in top]) + [""]
    return w


def doc_report(e, case):
    fence = "```"
    la, lb = e["labels"]
    w = ["### The `%s` report" % case, ""]
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
        return w
    c = d["counts"]
    w += ["#### Line by line", ""]
    if d["masked_identical"]:
        return w + [para("After masking, the two reports are the same, all "
                         "%d lines." % c["same"]), ""]
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
    return w + [fence, ""]


def write_doc(path, report, case):
    title = "# KASan kernels side by side: stack usage, sections, one report"
    if report.get("title"):
        title += " (%s)" % report["title"]
    w = ["<!-- SPDX-License-Identifier: GPL-2.0-or-later -->", title, "",
         para("Written by `kernel-glue/scripts/compare.py --report-doc`: "
              "`make kernel-check` writes it to "
              "`build/kernel-compare-X.Y-report.md` (X.Y the Linux "
              "version) from the builds and serial logs of the kernels it "
              "compares (docs/ keeps a copy of one run)."), "",
         para("Per pair of kernels: the stack usage per function "
              "(`-fstack-usage`), the data, bss and rodata of vmlinux and "
              "of its objects%s, and the first KASan report inside the "
              "KUnit case `%s` of the `%s` suite, from each serial.log "
              "(from the `=====` line before `BUG: KASAN:` to the closing "
              "one, timestamps stripped), then the two compared line by "
              "line once addresses, function offsets (`+0x…/0x…`), pfns, "
              "pids and timestamps are masked." % (
                  " against the uninstrumented kernel (none, `%s`)" %
                  shown(report["none"]["dir"]) if report.get("none")
                  else "", case, SUITE)), ""]
    for name, e in report["modes"].items():
        la, lb = e["labels"]
        w += ["## %s: %s and %s" % (name, la, lb), ""]
        w += doc_stack(e) + doc_sections(e) + doc_report(e, case)
    with open(path, "w") as f:
        f.write("\n".join(w).rstrip("\n") + "\n")
