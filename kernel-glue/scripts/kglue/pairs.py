# SPDX-License-Identifier: GPL-2.0-or-later
"""Judge, side by side: two kernels of the same config (plugin against
native GCC, our runtime against mainline's), from their measure.json
(measure.py) and results.json, and the uninstrumented kernel ("none") as
the base of growth.  Per pair: the KUnit cases whose results differ, the
objects only one instruments, the one report compared line by line once
what differs without meaning is masked, the stack frames per function and
the data/bss/rodata growth of vmlinux and of the objects all link."""

import difflib
import json
import os
import re

from kglue.measure import KINDS

TOP = 10
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
# The rows of vmlinux's sections: .bss_content is .bss without its padding.
VMLINUX_ROWS = ((".data", "vmlinux .data"), (".bss", "vmlinux .bss"),
                (".bss_content", "  .bss less 2 MiB padding"),
                (".rodata", "vmlinux .rodata"))
RESERVED = {"labels", "differing_cases", "reports", "report_case",
            "report_logs", "report_notes", "report_diff"}


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return round(a / b, 3)


def growth(x, base):
    return None if x is None or base is None else x - base


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


def frames(m):
    """{(object, function): (bytes, qualifier, loc)} of a measurement."""
    return {(o, f): tuple(v) for o, funcs in
            m["objects"].get("frames", {}).items() for f, v in funcs.items()}


def stack_summary(su, objs=None):
    """Functions, bytes, dynamic frames and the worst function of a build's
    stack usage, over the objects OBJS (default all)."""
    n = total = dyn = bounded = 0
    worst = None
    for (o, func), (size, qual, loc) in su.items():
        if objs is not None and o not in objs:
            continue
        n += 1
        total += size
        if qual.startswith("dynamic"):
            dyn += 1
            if "bounded" in qual:
                bounded += 1
        if worst is None or size > worst["bytes"] or \
                (size == worst["bytes"] and (o, func) <
                 (worst["object"], worst["function"])):
            worst = {"function": func, "object": o, "file": loc,
                     "bytes": size, "qualifier": qual}
    return {"functions": n, "bytes": total, "dynamic": dyn,
            "dynamic_bounded": bounded, "worst": worst}


def differences(sa, sb, both):
    """Per function in BOTH: how many are larger in A, in B, equal, the sum
    of the differences and each side's excess, and (difference, key)."""
    c = {"a": 0, "b": 0, "equal": 0, "diff": 0, "excess_a": 0,
         "excess_b": 0}
    rows = []
    for k in both:
        d = sa[k][0] - sb[k][0]
        c["diff"] += d
        if d > 0:
            c["a"] += 1
            c["excess_a"] += d
        elif d < 0:
            c["b"] += 1
            c["excess_b"] -= d
        else:
            c["equal"] += 1
        rows.append((d, k))
    return c, rows


def grown_only(sa, sb, sn, both):
    """Frames that KASan grew in one build only (the other's is none's):
    stack variables that only one compiler protects."""
    if not sn:
        return None, None
    common = [k for k in both if k in sn]
    return (sum(1 for k in common if sa[k][0] > sn[k][0] == sb[k][0]),
            sum(1 for k in common if sb[k][0] > sn[k][0] == sa[k][0]))


def stack_compare(sa, sb, sn, objs, la, lb, top=TOP):
    """Per function, A against B: the functions of OBJS in both, matched
    by object and name."""
    ka = {k for k in sa if k[0] in objs}
    kb = {k for k in sb if k[0] in objs}
    both = ka & kb
    c, rows = differences(sa, sb, both)

    def item(d, k):
        return {"function": k[1], "object": k[0], "file": sa[k][2],
                la: sa[k][0], lb: sb[k][0],
                "none": sn[k][0] if sn and k in sn else None,
                "qualifier_" + la: sa[k][1], "qualifier_" + lb: sb[k][1],
                "difference": d}

    grown_a, grown_b = grown_only(sa, sb, sn, both)
    rows.sort(key=lambda r: (-r[0], r[1]))
    top_a = [item(d, k) for d, k in rows[:top] if d > 0]
    rows.sort(key=lambda r: (r[0], r[1]))
    top_b = [item(d, k) for d, k in rows[:top] if d < 0]
    return {"matched": len(both), "larger_in_" + la: c["a"],
            "larger_in_" + lb: c["b"], "equal": c["equal"],
            "only_in_" + la: len(ka - kb), "only_in_" + lb: len(kb - ka),
            "sum_difference": c["diff"], "sum_excess_" + la: c["excess_a"],
            "sum_excess_" + lb: c["excess_b"],
            "grown_only_in_" + la: grown_a, "grown_only_in_" + lb: grown_b,
            "top_excess_" + la: top_a, "top_excess_" + lb: top_b}


def pair_stack(ma, mb, mn, la, lb):
    """entry["stack_usage"]: per set of objects (those both builds
    instrument, and all of vmlinux's), each build's summary, the none
    build's, and the per-function comparison."""
    sa, sb = frames(ma), frames(mb)
    if not sa or not sb:
        return None
    sn = frames(mn) if mn else None
    la_objs, lb_objs = ma["objects"]["linked"], mb["objects"]["linked"]
    sets = {}
    if ma["instrumented"] is not None and mb["instrumented"] is not None:
        sets["both_instrumented"] = (
            set(ma["instrumented"]) & set(mb["instrumented"]) &
            set(la_objs) & set(lb_objs))
    sets["all"] = set(la_objs) | set(lb_objs)
    res = {}
    for name, objs in sets.items():
        builds = {la: stack_summary(sa, objs), lb: stack_summary(sb, objs)}
        if sn:
            builds["none"] = stack_summary(sn, objs)
        res[name] = {"objects": len(objs), "builds": builds,
                     "compare": stack_compare(sa, sb, sn, objs, la, lb)}
    return res


def vmlinux_growth(vm, base, la, lb):
    """The growth of vmlinux's sections over none's, and its ratio."""
    keys = [k for k, _ in VMLINUX_ROWS]
    g = {lab: {s: growth(vm[lab].get(s), base.get(s)) for s in keys}
         if vm[lab] else None for lab in (la, lb)}
    res = {"vmlinux_growth": g}
    if g[la] and g[lb]:
        res["vmlinux_growth_ratio"] = {s: ratio(g[la][s], g[lb][s])
                                       for s in keys}
    return res


def objects_growth(per, la, lb, has_none):
    """The data/bss/rodata of the objects all builds link: totals, growth
    over none, its ratio, and the objects A exceeds B by the most."""
    common = set.intersection(*(set(v) for v in per.values()))
    tot = {lab: {k: sum(per[lab][o][k] for o in common) for k in KINDS}
           for lab in per}
    objs = {"objects": len(common), "totals": tot}
    if has_none:
        g = {lab: {k: tot[lab][k] - tot["none"][k] for k in KINDS}
             for lab in (la, lb)}
        objs["growth"] = g
        objs["growth_ratio"] = {k: ratio(g[la][k], g[lb][k]) for k in KINDS}
    rows = sorted(((sum(per[la][o][k] - per[lb][o][k] for k in KINDS), o)
                   for o in common), key=lambda r: (-r[0], r[1]))
    objs["top_excess_" + la] = [
        dict({"object": o, "difference": d},
             **{lab: per[lab][o] for lab in per}) for d, o in rows[:TOP]
        if d > 0]
    return objs


def pair_sections(ma, mb, mn, la, lb):
    """entry["sections"]: vmlinux's .data, .bss and .rodata per build, their
    growth over the none build and the ratio of the growths (A / B); the
    same for the data, bss and rodata of the objects all three link."""
    builds = [(la, ma), (lb, mb)] + ([("none", mn)] if mn else [])
    vm = {lab: m.get("vmlinux", {}).get("sections") for lab, m in builds}
    res = {"vmlinux": vm}
    if mn and vm["none"]:
        res.update(vmlinux_growth(vm, vm["none"], la, lb))
    per = {lab: m["objects"].get("object_sections") for lab, m in builds}
    if all(per.values()):
        res["objects"] = objects_growth(per, la, lb, mn is not None)
    return res


def read_results(out):
    try:
        with open(os.path.join(out, "results.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def build_summary(m):
    """A build's column of the side-by-side (compare.json): its numbers
    without the per-object and per-function ones."""
    vm = m.get("vmlinux", {})
    b = {"dir": m["dir"], "results": read_results(m["dir"])}
    for k in ("text", "size_text", "data", "bss", "asan_calls",
              "asan_report_calls", "asan_calls_by_name", "sections",
              "code_sections"):
        if k in vm:
            b[k] = vm[k]
    o = m["objects"]
    if o:
        b["linked_objects"] = len(o["linked"])
        b["stack_objects"] = o["stack_objects"]
        b["stack"] = stack_summary(frames(m)) if o["stack_objects"] \
            else None
    for k in ("full_build_seconds", "last_build_seconds", "boot_seconds"):
        if k in m:
            b[k] = m[k]
    b["objects"] = m["instrumented"]
    b["boot_memory"] = m["boot_memory"]
    return b


def pair_entry(la, ma, a, lb, mb, b, mn):
    """One pair's entry: A and B's columns (build_summary), then what
    differs between them."""
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
    ra, rb = ma["report"], mb["report"]
    entry["report_case"] = ra["case"]
    entry["reports"] = {la: ra["lines"], lb: rb["lines"]}
    entry["report_logs"] = {la: ra["log"], lb: rb["log"]}
    entry["report_notes"] = {la: ra["note"], lb: rb["note"]}
    if ra["lines"] is not None and rb["lines"] is not None:
        entry["report_diff"] = diff_reports(ra["lines"], rb["lines"])
    entry["stack_usage"] = pair_stack(ma, mb, mn, la, lb)
    entry["sections"] = pair_sections(ma, mb, mn, la, lb)
    return entry


def parse_pair(spec):
    """NAME, (LABEL_A, DIR_A), (LABEL_B, DIR_B) of a pair's spec."""
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
