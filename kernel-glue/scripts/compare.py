#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""compare.py --json OUT.json [--report-case CASE] [--report-doc FILE.md]
           [--none DIR] PAIR...

  PAIR is NAME:LABEL_A=DIR_A:LABEL_B=DIR_B, e.g.
         inline:plugin=build/kernel-plugin-inline:native=build/kernel-native-inline
         inline-runtime:own=build/kernel-plugin-own-inline:mainline=build/kernel-plugin-inline
       or, the older form, NAME:DIR_A:DIR_B, which means the labels
       plugin and native.

The side-by-side of two KASan kernels of the same config, per pair
(typically a mode: plugin-built against native-GCC-built, or our runtime
against mainline's): kasan KUnit results (from each build's results.json,
see run-variant.sh), cases whose results differ, vmlinux text/data/bss
(size; its text is mostly fixed by 2 MiB alignment, so the sum of the
function sizes, nm -S, is shown too), compiler-emitted __asan_* call sites
in vmlinux (objdump -d; in outline mode each is a check, in inline mode
they are the report calls), the last full build's time, the boot's time,
the instrumented objects (kasan-objects.txt) with the objects instrumented
by only one of the two, and the boot memory from serial.log: the kernel's
"Memory: AVAILABLE/TOTAL available (..., N reserved, ...)" line, and the
lines of the initramfs's /init "kasan-glue: meminfo MemTotal=... MemFree=...
MemAvailable=... Slab=..." (kB), "kasan-glue: shadow_bytes=N" and
"kasan-glue: quarantine_bytes=N" (own runtime only).

It also takes, from each serial.log, the first KASan report inside KUnit
case CASE (default kmalloc_oob_right) of the kasan suite, from the "====="
line before "BUG: KASAN:" to the closing "=====" line, timestamps
stripped, and compares the two line by line once addresses, function
offsets, pfns, pids and timestamps are masked.

Stack usage: the builds are made with -fstack-usage (build-kernel.sh), so
each C object has a .su file beside it ("file:line:col:function<TAB>bytes
<TAB>static|dynamic[,bounded]").  Only the objects linked into vmlinux
count (the members of vmlinux.a and of lib/lib.a and arch/x86/lib/lib.a,
a composite object's parts in its place), and only those whose .cmd has
-fstack-usage (an older .su is stale).  Per build: the number of
functions, the sum of their frames, the dynamic ones (and of those the
bounded ones), and the largest frame.  Per pair, once over the objects
both builds instrument (kasan-objects.txt; the fair comparison) and once
over all of vmlinux's objects: the same per build (and for the none
build), and, matching functions by object and name (an inline function of
a header is one function per object that emits it), how many have a
larger frame in A, in B, the same, or are in one build only, the sum of
the differences (A - B) and of each side's excess, how many frames are
larger than none's in one build only (a stack variable only one compiler
protects), and the 10 functions with the largest excess of A over B (and
of B over A, in the JSON).

Sections: vmlinux's .data, .bss and .rodata (readelf -S sizes; .bss ends
at a 2 MiB boundary, so also .bss up to __start_bss_decrypted_unused,
without that padding), per build and, with --none DIR (the same config
without KASan, build-kernel.sh ... none), their growth over it and the
ratio of the growths, A's / B's.  The same per object: the .data* (less
.data.rel.ro*), .bss* and .rodata* (with .data.rel.ro*) sections of each
object linked by all the builds, summed, and the 10 objects whose
data+bss+rodata is larger in A than in B by the most.  The none build is
also a column of the table, and of the stack tables.

With --report-doc, the stack and section tables, the two reports and
their comparison go to a markdown file, per pair.

Prints a table, then per pair the stack and section tables; writes all of
it to OUT.json ({"none": {...}, "modes": {NAME: {LABEL_A: ..., LABEL_B:
..., "labels": [LABEL_A, LABEL_B], "differing_cases": ...,
"objects_only_LABEL_A": ..., "reports": {LABEL: [lines]}, "stack_usage":
{"both_instrumented"|"all": {"objects": N, "builds": {LABEL|"none":
{"functions", "bytes", "dynamic", "dynamic_bounded", "worst": {"function",
"object", "file", "bytes", "qualifier"}}}, "compare": {"matched",
"larger_in_LABEL", "equal", "only_in_LABEL", "sum_difference",
"sum_excess_LABEL", "grown_only_in_LABEL", "top_excess_LABEL": [{"function", "object", "file",
LABEL_A: bytes, LABEL_B: bytes, "none": bytes, "difference"}]}}},
"sections": {"vmlinux": {LABEL|"none": {".data", ".bss", ".bss_content",
".rodata"}}, "vmlinux_growth": {LABEL: {...}}, "vmlinux_growth_ratio":
{...}, "objects": {"objects": N, "totals": {LABEL|"none": {"data", "bss",
"rodata"}}, "growth": ..., "growth_ratio": ..., "top_excess_LABEL_A":
[...]}}, ...}}}); each build also has "sections", "stack" (its summary
over all its linked objects), "linked_objects" and "stack_objects" (the
objects with a current .su).  Missing pieces (a build that failed, or
made without -fstack-usage) show as "-", missing boot memory lines (older
logs) as "n/a".
"""

import argparse
import difflib
import json
import os
import re
import struct
import subprocess
import sys
import textwrap

from kglue.serial import RESULT, SUBTEST, init_values, lines

SUITE = "kasan"
RULE = re.compile(r"^={20,}\s*$")
MEMORY = re.compile(r"Memory: (\d+)K/(\d+)K available \(([^)]*)\)")
MEMORY_PART = re.compile(r"(\d+)K ([A-Za-z][\w -]*?)\s*$")
MEMINFO_KEYS = ("MemTotal", "MemFree", "MemAvailable", "Slab")

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


def keyvals(path):
    vals = {}
    try:
        for line in open(path):
            k, _, v = line.strip().partition("=")
            vals[k] = v
    except OSError:
        pass
    return vals


def scan_serial(path, case):
    """(boot memory dict, report lines or None, note) from a serial.log."""
    mem = {k: None for k in (
        "available_kB", "total_kB", "reserved_kB", "memory_line") +
        tuple(k + "_kB" for k in MEMINFO_KEYS) +
        ("shadow_bytes", "quarantine_bytes")}
    if not os.path.isfile(path):
        return mem, None, "no serial.log"
    in_suite = done = False
    case_indent = None
    buf = []            # lines since the last case result line in the suite
    case_lines = None
    for _, line in lines(path):
        m = MEMORY.search(line)
        if m and mem["memory_line"] is None:
            mem["memory_line"] = m.group(0)
            mem["available_kB"] = int(m.group(1))
            mem["total_kB"] = int(m.group(2))
            for part in m.group(3).split(","):
                p = MEMORY_PART.search(part)
                if p:
                    key = p.group(2).strip().replace(" ", "_")
                    mem[key.replace("-", "_") + "_kB"] = int(p.group(1))
        for k, v in init_values(line).items():
            mem[k if k.endswith("_bytes") else k + "_kB"] = v
        if done:
            continue
        if not in_suite:
            m = SUBTEST.match(line)
            if m and m.group(2) == SUITE:
                in_suite = True
                case_indent = m.group(1)
            continue
        m = RESULT.match(line)
        if m:
            if m.group(3) == case:
                case_lines = buf
                done = True
            elif m.group(3) == SUITE and \
                    len(m.group(1)) < len(case_indent):
                done = True
            elif m.group(1) == case_indent:
                buf = []
            continue
        buf.append(line)
    if case_lines is None:
        return mem, None, ("no result line for case %s of suite %s" %
                           (case, SUITE) if in_suite
                           else "no %s suite" % SUITE)
    for k, line in enumerate(case_lines):
        if "BUG: KASAN: " in line:
            break
    else:
        return mem, None, "no BUG: KASAN: report inside case %s" % case
    start = k
    for j in range(k - 1, max(k - 4, -1), -1):
        if RULE.match(case_lines[j]):
            start = j
            break
    end = len(case_lines)
    for j in range(k + 1, len(case_lines)):
        if RULE.match(case_lines[j]):
            end = j + 1
            break
    return mem, case_lines[start:end], ""


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


# ---- vmlinux sections, per-object sections, -fstack-usage ----------------

VMLINUX_SECTIONS = (".data", ".bss", ".rodata")
# The rows of vmlinux's sections: .bss_content is .bss without its padding.
VMLINUX_ROWS = ((".data", "vmlinux .data"), (".bss", "vmlinux .bss"),
                (".bss_content", "  .bss less 2 MiB padding"),
                (".rodata", "vmlinux .rodata"))
BSS_MARKS = ("__bss_start", "__bss_stop", "__start_bss_decrypted",
             "__start_bss_decrypted_unused")
KINDS = ("data", "bss", "rodata")
TOP = 10


def elf_sections(path):
    """[(name, size)] of the sections of an ELF64 little-endian file (what
    readelf -S shows), or None for anything else."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    with f:
        hdr = f.read(64)
        if len(hdr) < 64 or hdr[:4] != b"\x7fELF" or hdr[4] != 2 or \
                hdr[5] != 1:
            return None
        shoff, = struct.unpack_from("<Q", hdr, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", hdr, 0x3a)
        if shoff == 0 or shentsize < 64:
            return []
        f.seek(shoff)
        first = f.read(shentsize)
        if shnum == 0:          # more than 0xff00 sections
            shnum, = struct.unpack_from("<Q", first, 0x20)
        if shstrndx == 0xffff:
            shstrndx, = struct.unpack_from("<I", first, 0x28)
        f.seek(shoff)
        table = f.read(shnum * shentsize)
        heads = [struct.unpack_from("<IIQQQQ", table, i * shentsize)
                 for i in range(shnum)]
        if shstrndx >= shnum:
            return None
        stroff, strsize = heads[shstrndx][4], heads[shstrndx][5]
        f.seek(stroff)
        strtab = f.read(strsize)
    out = []
    for name, _, _, _, _, size in heads[1:]:
        end = strtab.find(b"\0", name)
        out.append((strtab[name:end if end >= 0 else None].decode(
            errors="replace"), size))
    return out


def section_kind(name):
    """data, bss or rodata for an object's section, None for the rest:
    .rodata* and .data.rel.ro* are rodata, the other .data* data, .bss*
    bss."""
    if name.startswith(".rodata") or name.startswith(".data.rel.ro"):
        return "rodata"
    if name.startswith(".data"):
        return "data"
    if name.startswith(".bss"):
        return "bss"
    return None


def first_command(path):
    try:
        with open(path, errors="replace") as f:
            m = re.match(r"(?:saved)?cmd_\S+\s*:=\s*(.*)", f.readline())
    except OSError:
        return None
    return m.group(1) if m else None


def linked_objects(out):
    """The objects vmlinux is linked from, relative to OUT: the members of
    vmlinux.a and of the libraries .vmlinux.o.cmd names (lib/lib.a, ...),
    each composite object (ld -r) replaced by its parts.  None without
    vmlinux.a."""
    if not os.path.isfile(os.path.join(out, "vmlinux.a")):
        return None
    archives = ["vmlinux.a"]
    cmd = first_command(os.path.join(out, ".vmlinux.o.cmd")) or ""
    archives += [w for w in cmd.split() if w.endswith(".a") and
                 w != "vmlinux.a" and os.path.isfile(os.path.join(out, w))]
    objs = []
    for a in archives:
        r = subprocess.run(["ar", "t", a], cwd=out, capture_output=True,
                           text=True)
        objs += [l.strip() for l in r.stdout.splitlines() if l.strip()]
    leaves, seen = [], set()

    def add(obj, depth=0):
        if obj in seen:
            return
        seen.add(obj)
        d, b = os.path.split(obj)
        cmd = first_command(os.path.join(out, d, "." + b + ".cmd")) or ""
        words = cmd.split()
        if depth < 8 and words and " -r " in " %s " % cmd and \
                " -c " not in " %s " % cmd:
            parts = [w for w in words if w.endswith(".o") and w != obj and
                     os.path.isfile(os.path.join(out, w))]
            if parts:
                for p in parts:
                    add(p, depth + 1)
                return
        leaves.append(obj)

    for o in objs:
        add(o)
    return leaves


def object_sections(out, objs):
    """{object: {"data": bytes, "bss": bytes, "rodata": bytes}}."""
    res = {}
    for o in objs:
        secs = elf_sections(os.path.join(out, o))
        if secs is None:
            continue
        k = {x: 0 for x in KINDS}
        for name, size in secs:
            kind = section_kind(name)
            if kind:
                k[kind] += size
        res[o] = k
    return res


SUB_CDTOR = re.compile(r"^(_sub_[ID]_\d+)_\d+$")


def stack_usage(out, objs):
    """{(object, function): (bytes, qualifier, "file:line")} from the .su
    files of the objects whose command line has -fstack-usage (a .su
    beside an object built without it is stale), and the number of such
    objects.  A second function of the same name in an object (which
    kernel C does not have) is NAME#2."""
    src = os.path.realpath(os.path.join(out, "source")) + os.sep
    res, n = {}, 0
    for o in objs:
        d, b = os.path.split(o)
        cmd = first_command(os.path.join(out, d, "." + b + ".cmd"))
        if not cmd or "-fstack-usage" not in cmd.split():
            continue
        su = os.path.join(out, o[:-2] + ".su")
        try:
            text = open(su, errors="replace").read()
        except OSError:
            continue
        n += 1
        for line in text.splitlines():
            w = line.split("\t")
            if len(w) < 3 or not w[1].strip().isdigit():
                continue
            loc = w[0].rsplit(":", 3)
            if len(loc) != 4:
                continue
            fil, lno, _, func = loc
            if fil.startswith(src):
                fil = fil[len(src):]
            elif fil.startswith("./"):
                fil = fil[2:]
            # GCC numbers the constructors and destructors of a file
            # (_sub_I_65535_0, _sub_D_65535_1: the globals' registration)
            # in the order it made them, which differs between compilers.
            m = SUB_CDTOR.match(func)
            if m:
                func = m.group(1)
            key = (o, func)
            i = 1
            while key in res:
                i += 1
                key = (o, "%s#%d" % (func, i))
            res[key] = (int(w[1]), w[2].strip(), "%s:%s" % (fil, lno))
    return res, n


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


def stack_compare(sa, sb, sn, objs, la, lb, top=TOP):
    """Per function, A against B: the functions of OBJS in both, matched
    by object and name."""
    ka = {k for k in sa if k[0] in objs}
    kb = {k for k in sb if k[0] in objs}
    both = ka & kb
    larger_a = larger_b = equal = 0
    diff = excess_a = excess_b = 0
    rows = []
    for k in both:
        d = sa[k][0] - sb[k][0]
        diff += d
        if d > 0:
            larger_a += 1
            excess_a += d
        elif d < 0:
            larger_b += 1
            excess_b -= d
        else:
            equal += 1
        rows.append((d, k))

    def item(d, k):
        return {"function": k[1], "object": k[0], "file": sa[k][2],
                la: sa[k][0], lb: sb[k][0],
                "none": sn[k][0] if sn and k in sn else None,
                "qualifier_" + la: sa[k][1], "qualifier_" + lb: sb[k][1],
                "difference": d}

    # Frames that KASan grew in one build only (the other's is none's):
    # stack variables that only one compiler protects.
    grown_a = grown_b = None
    if sn:
        common = [k for k in both if k in sn]
        grown_a = sum(1 for k in common
                      if sa[k][0] > sn[k][0] == sb[k][0])
        grown_b = sum(1 for k in common
                      if sb[k][0] > sn[k][0] == sa[k][0])
    rows.sort(key=lambda r: (-r[0], r[1]))
    top_a = [item(d, k) for d, k in rows[:top] if d > 0]
    rows.sort(key=lambda r: (r[0], r[1]))
    top_b = [item(d, k) for d, k in rows[:top] if d < 0]
    return {"matched": len(both), "larger_in_" + la: larger_a,
            "larger_in_" + lb: larger_b, "equal": equal,
            "only_in_" + la: len(ka - kb), "only_in_" + lb: len(kb - ka),
            "sum_difference": diff, "sum_excess_" + la: excess_a,
            "sum_excess_" + lb: excess_b,
            "grown_only_in_" + la: grown_a, "grown_only_in_" + lb: grown_b,
            "top_excess_" + la: top_a, "top_excess_" + lb: top_b}


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return round(a / b, 3)


def growth(x, base):
    return None if x is None or base is None else x - base


def pair_stack(a, b, none, la, lb):
    """entry["stack_usage"]: per set of objects (those both builds
    instrument, and all of vmlinux's), each build's summary, the none
    build's, and the per-function comparison."""
    sa, sb = _private.get(a["dir"], {}).get("su"), \
        _private.get(b["dir"], {}).get("su")
    if not sa or not sb:
        return None
    sn = _private.get(none["dir"], {}).get("su") if none else None
    la_objs = _private[a["dir"]]["linked"]
    lb_objs = _private[b["dir"]]["linked"]
    sets = {}
    if a["objects"] is not None and b["objects"] is not None:
        sets["both_instrumented"] = (set(a["objects"]) & set(b["objects"]) &
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


def pair_sections(a, b, none, la, lb):
    """entry["sections"]: vmlinux's .data, .bss and .rodata per build, their
    growth over the none build and the ratio of the growths (A / B); the
    same for the data, bss and rodata of the objects all three link (per
    object, .o sections), with the objects whose growth differs most."""
    builds = [(la, a), (lb, b)] + ([("none", none)] if none else [])
    vm = {lab: m.get("sections") for lab, m in builds}
    res = {"vmlinux": vm}
    if none and none.get("sections"):
        base = none["sections"]
        keys = [k for k, _ in VMLINUX_ROWS]
        g = {lab: {s: growth(vm[lab].get(s), base.get(s)) for s in keys}
             if vm[lab] else None for lab in (la, lb)}
        res["vmlinux_growth"] = g
        if g[la] and g[lb]:
            res["vmlinux_growth_ratio"] = {
                s: ratio(g[la][s], g[lb][s]) for s in keys}
    per = {lab: _private.get(m["dir"], {}).get("objsec") for lab, m in builds}
    if not all(per.values()):
        return res
    common = set.intersection(*(set(v) for v in per.values()))
    tot = {lab: {k: sum(per[lab][o][k] for o in common) for k in KINDS}
           for lab in per}
    objs = {"objects": len(common), "totals": tot}
    if none:
        g = {lab: {k: tot[lab][k] - tot["none"][k] for k in KINDS}
             for lab in (la, lb)}
        objs["growth"] = g
        objs["growth_ratio"] = {k: ratio(g[la][k], g[lb][k]) for k in KINDS}
    rows = []
    for o in common:
        d = sum(per[la][o][k] - per[lb][o][k] for k in KINDS)
        rows.append((d, o))
    rows.sort(key=lambda r: (-r[0], r[1]))
    objs["top_excess_" + la] = [
        dict({"object": o, "difference": d},
             **{lab: per[lab][o] for lab in per}) for d, o in rows[:TOP]
        if d > 0]
    res["objects"] = objs
    return res


_measured = {}
# What measure() keeps out of the JSON: per function and per object.
_private = {}


def measure(out, case):
    key = os.path.realpath(out)
    if key in _measured:
        return _measured[key]
    m = {"dir": out}
    try:
        m["results"] = json.load(open(os.path.join(out, "results.json")))
    except (OSError, ValueError):
        m["results"] = None
    vmlinux = os.path.join(out, "vmlinux")
    if os.path.exists(vmlinux):
        sz = subprocess.run(["size", vmlinux], capture_output=True,
                            text=True).stdout.splitlines()
        text, data, bss = (int(x) for x in sz[1].split()[:3])
        m.update(text=text, data=data, bss=bss)
        code = 0
        marks, bss_ends = {}, []
        nm = subprocess.run(["nm", "-S", "--defined-only", vmlinux],
                            capture_output=True, text=True).stdout
        for line in nm.splitlines():
            w = line.split()
            if len(w) == 4 and w[2] in ("t", "T"):
                code += int(w[1], 16)
            if len(w) >= 3 and w[-1] in BSS_MARKS:
                marks[w[-1]] = int(w[0], 16)
            elif len(w) >= 3 and w[-2] in ("b", "B"):
                a = int(w[0], 16)
                bss_ends.append((a, a + (int(w[1], 16) if len(w) == 4
                                         else 0)))
        m["function_bytes"] = code
        calls = {}
        dump = subprocess.Popen(["objdump", "-d", "--no-show-raw-insn",
                                 vmlinux], stdout=subprocess.PIPE, text=True)
        rx = re.compile(r"\scall\s.*<(__asan_[A-Za-z0-9_]+)>")
        for line in dump.stdout:
            hit = rx.search(line)
            if hit:
                calls[hit.group(1)] = calls.get(hit.group(1), 0) + 1
        dump.wait()
        m["asan_calls"] = sum(calls.values())
        m["asan_report_calls"] = sum(v for k, v in calls.items()
                                     if k.startswith("__asan_report"))
        m["asan_calls_by_name"] = dict(sorted(calls.items()))
        secs = dict(elf_sections(vmlinux) or [])
        m["sections"] = {s: secs.get(s) for s in VMLINUX_SECTIONS}
        # .bss ends at a 2 MiB boundary: BSS_DECRYPTED (x86's
        # vmlinux.lds.S) aligns to PMD_SIZE before and after
        # .bss..decrypted.  Its content: up to the end of its last object
        # before __start_bss_decrypted, and the decrypted objects.
        m["sections"][".bss_content"] = None
        start = marks.get("__bss_start")
        dec = marks.get("__start_bss_decrypted", marks.get("__bss_stop"))
        if start is not None and dec is not None:
            end = max([e for a, e in bss_ends if start <= a < dec] +
                      [start])
            m["sections"][".bss_content"] = end - start + (
                marks.get("__start_bss_decrypted_unused", dec) - dec)
    linked = linked_objects(out)
    if linked is not None:
        su, n = stack_usage(out, linked)
        _private[out] = {"linked": linked, "su": su,
                         "objsec": object_sections(out, linked)}
        m["linked_objects"] = len(linked)
        m["stack_objects"] = n
        m["stack"] = stack_summary(su) if n else None
    build = keyvals(os.path.join(out, "kasan-glue-build.txt"))
    if "full_seconds" in build:
        m["full_build_seconds"] = int(build["full_seconds"])
    if "seconds" in build:
        m["last_build_seconds"] = int(build["seconds"])
    boot = keyvals(os.path.join(out, "kasan-glue-boot.txt"))
    if "boot_seconds" in boot:
        m["boot_seconds"] = int(boot["boot_seconds"])
    try:
        m["objects"] = [l.strip() for l in
                        open(os.path.join(out, "kasan-objects.txt"))]
    except OSError:
        m["objects"] = None
    serial = os.path.join(out, "serial.log")
    mem, report, note = scan_serial(serial, case)
    m["boot_memory"] = mem
    _measured[key] = (m, {"lines": report, "note": note, "log": serial})
    return _measured[key]


def fmt(v, missing="-"):
    if v is None:
        return missing
    if isinstance(v, int):
        return "{:,}".format(v)
    return str(v)


RESERVED = {"labels", "differing_cases", "reports", "report_case",
            "report_logs", "report_notes", "report_diff"}


def parse_pair(spec):
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


def md_table(head, rows):
    """A markdown table, numbers (and "-", "n/a") right-aligned."""
    num = re.compile(r"^([+-]?[\d,.]+( \([\d,]+\))?|-|n/a)$")
    align = ["---"] + ["---:" if all(num.match(str(r[i])) for r in rows)
                       else "---" for i in range(1, len(head))]
    cell = lambda v: str(v).replace("|", "\\|")
    return (["| " + " | ".join(cell(h) for h in head) + " |",
             "|" + "|".join(align) + "|"] +
            ["| " + " | ".join(cell(v) for v in r) + " |" for r in rows])


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
    w = ["<!-- SPDX-License-Identifier: GPL-2.0-or-later -->",
         "# KASan kernels side by side: stack usage, sections, one report",
         "",
         para("Written by `kernel-glue/scripts/compare.py --report-doc`: "
              "`make kernel-check` writes it to "
              "`build/kernel-compare-report.md` from the builds and serial "
              "logs of the kernels it compares (docs/ keeps a copy of one "
              "run)."), "",
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


def para(text):
    """A paragraph of the markdown, wrapped."""
    return textwrap.fill(text, 72, break_long_words=False,
                         break_on_hyphens=False)


def ratio_fmt(r):
    return "n/a" if r is None else "%.2f" % r


def signed(v):
    return "-" if v is None else "{:+,}".format(v)


def print_table(head, rows, indent="    "):
    widths = [max(len(str(r[i])) for r in rows + [head])
              for i in range(len(head))]
    for r in [head] + rows:
        print((indent + "  ".join(
            str(v).ljust(widths[i]) if i == 0 else str(v).rjust(widths[i])
            for i, v in enumerate(r))).rstrip())


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


def main():
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
    ap.add_argument("pairs", nargs="+", metavar="PAIR")
    args = ap.parse_args()
    case = args.report_case

    report = {"report_case": case, "modes": {}}
    none = None
    if args.none:
        none = measure(args.none, case)[0]
        report["none"] = none
    for spec in args.pairs:
        try:
            name, (la, da), (lb, db) = parse_pair(spec)
        except ValueError as err:
            ap.error(str(err))
        if name in report["modes"]:
            ap.error("pair name %s given twice" % name)
        if none is not None and "none" in (la, lb):
            ap.error("with --none, no label may be none: %s" % spec)
        (a, ra), (b, rb) = measure(da, case), measure(db, case)
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
        entry["report_case"] = case
        entry["reports"] = {la: ra["lines"], lb: rb["lines"]}
        entry["report_logs"] = {la: ra["log"], lb: rb["log"]}
        entry["report_notes"] = {la: ra["note"], lb: rb["note"]}
        if ra["lines"] is not None and rb["lines"] is not None:
            entry["report_diff"] = diff_reports(ra["lines"], rb["lines"])
        entry["stack_usage"] = pair_stack(a, b, none, la, lb)
        entry["sections"] = pair_sections(a, b, none, la, lb)
        report["modes"][name] = entry

    modes = list(report["modes"])
    # One column per build directory, named after its first pair.
    cols, seen = [], set()
    for m in modes:
        for k in report["modes"][m]["labels"]:
            d = os.path.realpath(report["modes"][m][k]["dir"])
            if d not in seen:
                seen.add(d)
                cols.append(("%s %s" % (m, k), report["modes"][m][k]))
    if none is not None and os.path.realpath(none["dir"]) not in seen:
        cols.append(("none", none))
    rows = []

    def row(label, fn):
        rows.append([label] + [fn(b) for _, b in cols])

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

    def mem(key):
        return lambda b: fmt(b["boot_memory"].get(key), "n/a")

    def avail(b):
        bm = b["boot_memory"]
        if bm["available_kB"] is None:
            return "n/a"
        return "%s/%s" % (fmt(bm["available_kB"]), fmt(bm["total_kB"]))

    def report_lines(b):
        for m in modes:
            e = report["modes"][m]
            for k in e["labels"]:
                if e[k] is b:
                    lines = e["reports"][k]
                    return "n/a" if lines is None else fmt(len(lines))
        return "-"

    def sec(name):
        return lambda b: fmt((b.get("sections") or {}).get(name))

    def stack(key):
        return lambda b: fmt((b.get("stack") or {}).get(key))

    row("kasan KUnit pass/fail/skip", kunit)
    row("unexpected cases/stray reports", bad)
    row("vmlinux text", lambda b: fmt(b.get("text")))
    row("  function code (nm sizes)", lambda b: fmt(b.get("function_bytes")))
    row("vmlinux data", lambda b: fmt(b.get("data")))
    row("vmlinux bss", lambda b: fmt(b.get("bss")))
    row("  .data (readelf -S)", sec(".data"))
    row("  .bss", sec(".bss"))
    row("    less its 2 MiB padding", sec(".bss_content"))
    row("  .rodata", sec(".rodata"))
    row("stack (.su): functions", stack("functions"))
    row("  frame bytes, sum", stack("bytes"))
    row("  dynamic frames", stack("dynamic"))
    row("  largest frame", lambda b: fmt(
        ((b.get("stack") or {}).get("worst") or {}).get("bytes")))
    row("__asan_* call sites", lambda b: fmt(b.get("asan_calls")))
    row("  of which __asan_report_*", lambda b: fmt(b.get("asan_report_calls")))
    row("full build time (s, -j2)", lambda b: fmt(b.get("full_build_seconds")))
    row("boot + suite (s)", lambda b: fmt(b.get("boot_seconds")))
    row("instrumented objects", lambda b: fmt(
        len(b["objects"]) if b["objects"] is not None else None))
    rows.append(["boot memory (kB)"] + [""] * len(cols))
    row("  available/total (Memory:)", avail)
    row("  reserved (Memory:)", mem("reserved_kB"))
    row("  MemTotal (after the run)", mem("MemTotal_kB"))
    row("  MemFree", mem("MemFree_kB"))
    row("  MemAvailable", mem("MemAvailable_kB"))
    row("  Slab", mem("Slab_kB"))
    row("  shadow (bytes)", mem("shadow_bytes"))
    row("  quarantine (bytes)", mem("quarantine_bytes"))
    row("%s report lines" % case, report_lines)

    head = ["side by side"] + [h for h, _ in cols]
    widths = [max(len(str(r[i])) for r in rows + [head])
              for i in range(len(head))]
    line = lambda r: ("  " + "  ".join(
        str(v).ljust(widths[0]) if i == 0 else str(v).rjust(widths[i])
        for i, v in enumerate(r))).rstrip()
    print(line(head))
    for r in rows:
        print(line(r))
    for m in modes:
        e = report["modes"][m]
        la, lb = e["labels"]
        d = e.get("differing_cases")
        if d:
            items = ["%s (%s %s, %s %s)" % (c, la, v[la], lb, v[lb])
                     for c, v in d.items()]
            if len(items) > 8:
                items = items[:8] + ["... %d more" % (len(items) - 8)]
            print("  %s: %d cases differ: %s" % (m, len(d), ", ".join(items)))
        elif d is not None:
            print("  %s: every case has the same result" % m)
        for lab in (la, lb):
            only = e.get("objects_only_" + lab)
            if only:
                print("  %s: instrumented only by the %s build: %s" % (
                    m, lab, " ".join(only[:10]) +
                    (" ..." if len(only) > 10 else "")))
        if "objects_only_" + la in e and not e["objects_only_" + la] \
                and not e["objects_only_" + lb]:
            print("  %s: the same objects are instrumented" % m)
        rd = e.get("report_diff")
        if rd:
            c = rd["counts"]
            print("  %s: %s report, masked: %d lines the same, %d differ,"
                  " %d only %s, %d only %s" % (
                      m, case, c["same"], c["differ"], c["only_a"], la,
                      c["only_b"], lb))
        else:
            for lab in (la, lb):
                if e["reports"][lab] is None:
                    print("  %s: %s: no %s report: %s" % (
                        m, lab, case, e["report_notes"][lab]))
    for m in modes:
        print_stack(m, report["modes"][m])
        print_sections(m, report["modes"][m])
    with open(args.json, "w") as f:
        json.dump(report, f, indent=1)
    if args.report_doc:
        write_doc(args.report_doc, report, case)
        print("  (the stack and section tables and the %s reports in %s)" % (
            case, args.report_doc))
    print("  (numbers in %s)" % args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
