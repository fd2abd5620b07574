# SPDX-License-Identifier: GPL-2.0-or-later
"""Measure: what the glue's scripts read in a test kernel's serial log, in
one place for judging (bootlog.py) and the side-by-side (measure.py): the
lines without printk's timestamps, the KUnit TAP lines, the values
qemu/init prints (memory, the runtime's quarantine and shadow), the
kernel's boot memory line and one case's KASan report."""

import os
import re

# "[    1.234567] " and, with CONFIG_PRINTK_CALLER, "[    1.234567][ T1] ".
TIMESTAMP = re.compile(r"^\[\s*\d+\.\d+\](?:\[\s*[CT]\d+\])?\s?")
# KUnit TAP: "    ok 3 - name" / "not ok 3 name"; "    # Subtest: suite".
RESULT = re.compile(r"^(\s*)(not ok|ok) \d+ (?:- )?([^\s#]+)")
SUBTEST = re.compile(r"^(\s*)# Subtest: (\S+)\s*$")
# qemu/init: "kasan-glue: meminfo MemTotal=425520 MemFree=... " (kB), and
# "kasan-glue: quarantine_bytes=N", "kasan-glue: shadow_bytes=N".
MEMINFO = re.compile(r"kasan-glue: meminfo((?: \w+=\d+)+)\s*$")
RUNTIME_BYTES = re.compile(r"kasan-glue: (quarantine_bytes|shadow_bytes)=(\d+)\s*$")
# Our runtime's stack walk against the kernel's (qemu/init).
STACK_WALKS = re.compile(r"kasan-glue: stack walks ((?:\w+=\d+ ?)+)\s*$")


def stack_walk_values(line):
    """{"checked": N, "mismatches": N, "fallbacks": N} of /init's stack
    walk line, None for any other line."""
    m = STACK_WALKS.search(line)
    if not m:
        return None
    return {k: int(v) for k, v in (kv.split("=") for kv in m.group(1).split())}


def lines(path):
    """(line number, line) of the log, without timestamps or line ends.
    Lines end at "\\n" only: a console may end them with "\\r\\r\\n"."""
    with open(path, "rb") as f:
        text = f.read().decode(errors="replace")
    for lineno, raw in enumerate(text.split("\n"), 1):
        yield lineno, TIMESTAMP.sub("", raw.rstrip("\r"))


def init_values(line):
    """The values of one of qemu/init's lines, {} for any other line:
    meminfo as {"MemTotal": kB, ...}, the runtime's as {"shadow_bytes": N}."""
    m = MEMINFO.search(line)
    if m:
        return {k: int(v) for k, v in
                (kv.split("=") for kv in m.group(1).split())}
    m = RUNTIME_BYTES.search(line)
    if m:
        return {m.group(1): int(m.group(2))}
    return {}


SUITE = "kasan"
RULE = re.compile(r"^={20,}\s*$")
MEMORY = re.compile(r"Memory: (\d+)K/(\d+)K available \(([^)]*)\)")
MEMORY_PART = re.compile(r"(\d+)K ([A-Za-z][\w -]*?)\s*$")
MEMINFO_KEYS = ("MemTotal", "MemFree", "MemAvailable", "Slab")


def empty_memory():
    """The boot memory values, all unknown."""
    return {k: None for k in (
        "available_kB", "total_kB", "reserved_kB", "memory_line") +
        tuple(k + "_kB" for k in MEMINFO_KEYS) +
        ("shadow_bytes", "quarantine_bytes")}


def memory_values(mem, line):
    """Add to MEM what LINE says: the kernel's first "Memory: A/T
    available (...)" line, and /init's meminfo and runtime lines."""
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


def case_lines(path, case):
    """The lines of the kasan suite's case CASE, from the previous case's
    result line to its own (exclusive), and the memory state of the whole
    log; (None, memory, why) when the case is not in it."""
    mem = empty_memory()
    in_suite = done = False
    case_indent = None
    buf = []            # lines since the last case result line in the suite
    found = None
    for _, line in lines(path):
        memory_values(mem, line)
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
                found = buf
                done = True
            elif m.group(3) == SUITE and \
                    len(m.group(1)) < len(case_indent):
                done = True
            elif m.group(1) == case_indent:
                buf = []
            continue
        buf.append(line)
    if found is None:
        return None, mem, ("no result line for case %s of suite %s" %
                           (case, SUITE) if in_suite
                           else "no %s suite" % SUITE)
    return found, mem, ""


def first_report(text):
    """The first report in TEXT (a case's lines): from the "=====" line
    before "BUG: KASAN:" to the closing one; None if there is none."""
    for k, line in enumerate(text):
        if "BUG: KASAN: " in line:
            break
    else:
        return None
    start = k
    for j in range(k - 1, max(k - 4, -1), -1):
        if RULE.match(text[j]):
            start = j
            break
    end = len(text)
    for j in range(k + 1, len(text)):
        if RULE.match(text[j]):
            end = j + 1
            break
    return text[start:end]


def scan_serial(path, case):
    """(boot memory dict, report lines or None, note) from a serial.log:
    the report is the first one inside the kasan suite's case CASE."""
    if not os.path.isfile(path):
        return empty_memory(), None, "no serial.log"
    text, mem, note = case_lines(path, case)
    if text is None:
        return mem, None, note
    report = first_report(text)
    if report is None:
        return mem, None, "no BUG: KASAN: report inside case %s" % case
    return mem, report, ""
