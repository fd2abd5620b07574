# SPDX-License-Identifier: GPL-2.0-or-later
"""Render: the side-by-side's text (compare.py): one table with a column
per build directory, then per pair what differs (cases, instrumented
objects, the report) and the stack and section tables."""

import os
import textwrap

from kglue.measure import KINDS
from kglue.pairs import VMLINUX_ROWS
from kglue.render import fmt, print_table, ratio_fmt, signed


STACK_SETS = (("both_instrumented", "objects both builds instrument"),
              ("all", "all objects linked into vmlinux"))


def stack_tables(e):
    """Per set of objects: (title, labels, summary rows, worst lines,
    comparison text, top rows) of an entry's stack usage."""
    la, lb = e["labels"]
    out = []
    for key, title in STACK_SETS:
        x = (e.get("stack_usage") or {}).get(key)
        if not x:
            continue
        b = x["builds"]
        labs = [l for l in (la, lb, "none") if l in b]
        rows = [["functions"] + [fmt(b[l]["functions"]) for l in labs],
                ["frame bytes, sum"] + [fmt(b[l]["bytes"]) for l in labs],
                ["dynamic (of which bounded)"] +
                ["%s (%s)" % (fmt(b[l]["dynamic"]),
                              fmt(b[l]["dynamic_bounded"])) for l in labs],
                ["largest frame"] +
                [fmt((b[l]["worst"] or {}).get("bytes")) for l in labs]]
        worst = [(l, b[l]["worst"]) for l in labs if b[l]["worst"]]
        c = x["compare"]
        text = ("per function (matched by object and name, %s in both): "
                "larger in %s %s, larger in %s %s, equal %s; only in %s %s, "
                "only in %s %s; sum of %s - %s: %s (%s larger by %s in "
                "all, %s by %s)" % (
                    fmt(c["matched"]), la, fmt(c["larger_in_" + la]), lb,
                    fmt(c["larger_in_" + lb]), fmt(c["equal"]), la,
                    fmt(c["only_in_" + la]), lb, fmt(c["only_in_" + lb]),
                    la, lb, signed(c["sum_difference"]), la,
                    fmt(c["sum_excess_" + la]), lb,
                    fmt(c["sum_excess_" + lb])))
        if c.get("grown_only_in_" + la) is not None:
            text += ("; frames larger than none's in one build only (the "
                     "other's is none's): in %s %s, in %s %s" % (
                         la, fmt(c["grown_only_in_" + la]), lb,
                         fmt(c["grown_only_in_" + lb])))
        top = [[signed(t["difference"]), t["function"],
                "%s (%s)" % (t["file"], t["object"]), fmt(t[la]),
                fmt(t[lb]), fmt(t["none"])]
               for t in c["top_excess_" + la]]
        out.append((key, "%s (%s)" % (title, fmt(x["objects"])), labs, rows,
                    worst, text, top))
    return out


def worst_text(lab, w, code=""):
    return "largest frame, %s: %s%s%s (%s, %s), %s bytes %s" % (
        lab, code, w["function"], code, w["file"], w["object"],
        fmt(w["bytes"]), w["qualifier"])


def print_stack(name, e):
    la, lb = e["labels"]
    tabs = stack_tables(e)
    if not tabs:
        print("  %s: no stack usage (no .su files of -fstack-usage in %s "
              "and %s)" % (name, la, lb))
        return
    for key, title, labs, rows, worst, text, top in tabs:
        print("  %s: stack usage (-fstack-usage), %s:" % (name, title))
        print_table([""] + labs, rows)
        for lab, w in worst:
            print("    " + worst_text(lab, w))
        print(textwrap.fill(text, 78, initial_indent="    ",
                            subsequent_indent="      ",
                            break_on_hyphens=False))
        if key == "both_instrumented" and top:
            print("    largest excess of %s over %s:" % (la, lb))
            print_table(["excess", "function", "file (object)", la, lb,
                         "none"], top, "      ")


def section_tables(e):
    """(vmlinux rows, objects title, object rows, top rows, labels) of an
    entry's section sizes, or None."""
    la, lb = e["labels"]
    x = e.get("sections")
    if not x:
        return None
    vm = x["vmlinux"]
    labs = [l for l in (la, lb, "none") if l in vm]
    g = x.get("vmlinux_growth") or {}
    gr = x.get("vmlinux_growth_ratio") or {}
    vrows = []
    for s, title in VMLINUX_ROWS:
        vrows.append([title] +
                     [fmt((vm[l] or {}).get(s)) for l in labs] +
                     [signed((g.get(l) or {}).get(s)) for l in (la, lb)] +
                     [ratio_fmt(gr.get(s))])
    o = x.get("objects")
    orows, top, otitle = [], [], None
    if o:
        otitle = "%s objects linked by all" % fmt(o["objects"])
        og = o.get("growth") or {}
        ogr = o.get("growth_ratio") or {}
        for k in KINDS:
            orows.append(["objects' " + k] +
                         [fmt(o["totals"][l][k]) for l in labs] +
                         [signed((og.get(l) or {}).get(k)) for l in (la, lb)] +
                         [ratio_fmt(ogr.get(k))])
        for t in o["top_excess_" + la]:
            top.append([signed(t["difference"]), t["object"]] +
                       ["/".join(fmt(t[l][k]) for k in KINDS) for l in labs])
    return vrows, otitle, orows, top, labs


def print_sections(name, e):
    la, lb = e["labels"]
    t = section_tables(e)
    if not t:
        return
    vrows, otitle, orows, top, labs = t
    print("  %s: sections (bytes), growth over none, ratio of the growths "
          "%s / %s:" % (name, la, lb) +
          ("" if otitle is None else " (per object: %s)" % otitle))
    print_table(["", *labs, "growth " + la, "growth " + lb, "ratio"],
                vrows + orows)
    if top:
        print("    objects whose data+bss+rodata exceed most in %s over %s "
              "(data/bss/rodata):" % (la, lb))
        print_table(["excess", "object"] + labs, top, "      ")


# ---- the side-by-side table ------------------------------------------------

def columns(report):
    """(heading, build) per build directory, named after its first pair;
    the none build last."""
    cols, seen = [], set()
    for m, e in report["modes"].items():
        for k in e["labels"]:
            d = os.path.realpath(e[k]["dir"])
            if d not in seen:
                seen.add(d)
                cols.append(("%s %s" % (m, k), e[k]))
    none = report.get("none")
    if none is not None and os.path.realpath(none["dir"]) not in seen:
        cols.append(("none", none))
    return cols


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


def avail(b):
    bm = b["boot_memory"]
    if bm["available_kB"] is None:
        return "n/a"
    return "%s/%s" % (fmt(bm["available_kB"]), fmt(bm["total_kB"]))


def get(key, sub=None):
    """A cell: the build's KEY (or KEY's SUB), formatted."""
    if sub is None:
        return lambda b: fmt(b.get(key))
    return lambda b: fmt((b.get(key) or {}).get(sub))


def mem(key):
    return lambda b: fmt(b["boot_memory"].get(key), "n/a")


# (row title, cell of a build); None: a heading row.
ROWS = [
    ("kasan KUnit pass/fail/skip", kunit),
    ("unexpected cases/stray reports", bad),
    ("vmlinux text (function code, nm)", get("text")),
    ("  size(1) text (+ .rodata, 2 MiB pad)", get("size_text")),
    ("vmlinux data", get("data")),
    ("vmlinux bss", get("bss")),
    ("  .data (readelf -S)", get("sections", ".data")),
    ("  .bss", get("sections", ".bss")),
    ("    less its 2 MiB padding", get("sections", ".bss_content")),
    ("  .rodata", get("sections", ".rodata")),
    ("stack (.su): functions", get("stack", "functions")),
    ("  frame bytes, sum", get("stack", "bytes")),
    ("  dynamic frames", get("stack", "dynamic")),
    ("  largest frame", lambda b: fmt(
        ((b.get("stack") or {}).get("worst") or {}).get("bytes"))),
    ("__asan_* call sites", get("asan_calls")),
    ("  of which __asan_report_*", get("asan_report_calls")),
    ("full build time (s, -j2)", get("full_build_seconds")),
    ("boot + suite (s)", get("boot_seconds")),
    ("instrumented objects", lambda b: fmt(
        len(b["objects"]) if b["objects"] is not None else None)),
    ("boot memory (kB)", None),
    ("  available/total (Memory:)", avail),
    ("  reserved (Memory:)", mem("reserved_kB")),
    ("  MemTotal (after the run)", mem("MemTotal_kB")),
    ("  MemFree", mem("MemFree_kB")),
    ("  MemAvailable", mem("MemAvailable_kB")),
    ("  Slab", mem("Slab_kB")),
    ("  shadow (bytes)", mem("shadow_bytes")),
    ("  quarantine (bytes)", mem("quarantine_bytes")),
]


def report_lines(report, b):
    """The number of lines of B's report, from the first pair that has B."""
    for e in report["modes"].values():
        for k in e["labels"]:
            if e[k] is b:
                lines = e["reports"][k]
                return "n/a" if lines is None else fmt(len(lines))
    return "-"


def print_side_by_side(report, case):
    """The table: a row per measure, a column per build directory."""
    cols = columns(report)
    rows = [[title] + ([cell(b) for _, b in cols] if cell else
                       [""] * len(cols)) for title, cell in ROWS]
    rows.append(["%s report lines" % case] +
                [report_lines(report, b) for _, b in cols])
    print_table(["side by side"] + [h for h, _ in cols], rows, "  ")


def print_pair_notes(name, e, case):
    """What differs in one pair: cases, instrumented objects, the report."""
    la, lb = e["labels"]
    d = e.get("differing_cases")
    if d:
        items = ["%s (%s %s, %s %s)" % (c, la, v[la], lb, v[lb])
                 for c, v in d.items()]
        if len(items) > 8:
            items = items[:8] + ["... %d more" % (len(items) - 8)]
        print("  %s: %d cases differ: %s" % (name, len(d), ", ".join(items)))
    elif d is not None:
        print("  %s: every case has the same result" % name)
    for lab in (la, lb):
        only = e.get("objects_only_" + lab)
        if only:
            print("  %s: instrumented only by the %s build: %s" % (
                name, lab, " ".join(only[:10]) +
                (" ..." if len(only) > 10 else "")))
    if "objects_only_" + la in e and not e["objects_only_" + la] \
            and not e["objects_only_" + lb]:
        print("  %s: the same objects are instrumented" % name)
    rd = e.get("report_diff")
    if rd:
        c = rd["counts"]
        print("  %s: %s report, masked: %d lines the same, %d differ,"
              " %d only %s, %d only %s" % (
                  name, case, c["same"], c["differ"], c["only_a"], la,
                  c["only_b"], lb))
        return
    for lab in (la, lb):
        if e["reports"][lab] is None:
            print("  %s: %s: no %s report: %s" % (
                name, lab, case, e["report_notes"][lab]))
