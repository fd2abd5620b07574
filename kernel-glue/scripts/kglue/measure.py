# SPDX-License-Identifier: GPL-2.0-or-later
"""Measure: one kernel build directory's numbers, written to
DIR/measure.json so that the side-by-side (pairs.py) and anyone else read
them without the tools: vmlinux's code and sections, the __asan_* call
sites, the objects vmlinux links with their sections and stack frames,
the build and boot times, the instrumented objects, the boot memory and
one KASan report from serial.log.

"text" is the code: the bytes of vmlinux's functions (nm sizes, types
tTwW, as bloat-o-meter counts them).  size(1)'s text ("size_text") is no
measure of code on x86_64: it holds .rodata and the padding inside .text
to a 2 MiB boundary after the entry code (ALIGN_ENTRY_TEXT_END), so two
kernels with the same code can differ by exactly 2 MiB there.
".bss_content" is .bss without its padding to 2 MiB: .bss..decrypted is
aligned to PMD_SIZE before and after (x86's vmlinux.lds.S)."""

import json
import os

from kglue import binutils, serial

VMLINUX_SECTIONS = (".data", ".bss", ".rodata")
BSS_MARKS = ("__bss_start", "__bss_stop", "__start_bss_decrypted",
             "__start_bss_decrypted_unused")
KINDS = ("data", "bss", "rodata")


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


def object_sections(out, objs, cross):
    """{object: {"data": bytes, "bss": bytes, "rodata": bytes}}."""
    paths = [os.path.join(out, o) for o in objs]
    secs = binutils.sections([p for p in paths if os.path.isfile(p)], cross)
    res = {}
    for o, p in zip(objs, paths):
        if p not in secs:
            continue
        k = {x: 0 for x in KINDS}
        for name, (size, _) in secs[p].items():
            kind = section_kind(name)
            if kind:
                k[kind] += size
        res[o] = k
    return res


def bss_content(symbols):
    """.bss up to the end of its last object before .bss..decrypted, plus
    the decrypted objects: .bss without its 2 MiB padding; None without
    the marks."""
    marks = {n: a for a, _, _, n in symbols if n in BSS_MARKS}
    ends = [(a, a + (s or 0)) for a, s, t, _ in symbols if t in "bB"]
    start = marks.get("__bss_start")
    dec = marks.get("__start_bss_decrypted", marks.get("__bss_stop"))
    if start is None or dec is None:
        return None
    end = max([e for a, e in ends if start <= a < dec] + [start])
    return end - start + (
        marks.get("__start_bss_decrypted_unused", dec) - dec)


def measure_vmlinux(vmlinux, cross):
    """vmlinux's code, size(1), sections and __asan_* call sites."""
    m = {}
    m["size_text"], m["data"], m["bss"] = binutils.size_berkeley(vmlinux,
                                                                  cross)
    symbols = binutils.nm_symbols(vmlinux, cross)
    m["text"] = binutils.function_bytes(symbols)
    calls = binutils.asan_calls(vmlinux, cross)
    m["asan_calls"] = sum(calls.values())
    m["asan_report_calls"] = sum(v for k, v in calls.items()
                                 if k.startswith("__asan_report"))
    m["asan_calls_by_name"] = calls
    secs = binutils.sections([vmlinux], cross).get(vmlinux, {})
    m["sections"] = {s: secs[s][0] if s in secs else None
                     for s in VMLINUX_SECTIONS}
    m["sections"][".bss_content"] = bss_content(symbols)
    # The executable sections whole, padding included, to show what
    # "text" leaves out.
    m["code_sections"] = {s: size for s, (size, flags) in secs.items()
                          if "X" in flags}
    return m


def keyvals(path):
    vals = {}
    try:
        with open(path) as f:
            for line in f:
                k, _, v = line.strip().partition("=")
                vals[k] = v
    except OSError:
        pass
    return vals


def measure_times(out):
    """The last full build's, the last build's and the boot's seconds."""
    m = {}
    build = keyvals(os.path.join(out, "kasan-glue-build.txt"))
    if "full_seconds" in build:
        m["full_build_seconds"] = int(build["full_seconds"])
    if "seconds" in build:
        m["last_build_seconds"] = int(build["seconds"])
    boot = keyvals(os.path.join(out, "kasan-glue-boot.txt"))
    if "boot_seconds" in boot:
        m["boot_seconds"] = int(boot["boot_seconds"])
    return m


def measure_objects(out, cross):
    """The objects vmlinux links, their stack frames and sections."""
    linked = binutils.linked_objects(out, cross)
    if linked is None:
        return {}
    su, n = binutils.stack_usage(out, linked)
    return {"linked": linked, "stack_objects": n, "frames": su,
            "object_sections": object_sections(out, linked, cross)}


def instrumented(out):
    """kasan-objects.txt (check-cmd-flags.py --list), or None."""
    try:
        with open(os.path.join(out, "kasan-objects.txt")) as f:
            return [l.strip() for l in f]
    except OSError:
        return None


def measure_dir(out, case):
    """Everything measured in build directory OUT (CASE: the kasan case
    whose report is taken), also written to OUT/measure.json."""
    # The build's architecture and binutils prefix (build-kernel.sh's
    # record; a build from before architectures is x86_64's).
    build = keyvals(os.path.join(out, "kasan-glue-build.txt"))
    cross = build.get("cross_compile", "")
    m = {"dir": out, "arch": build.get("arch", "x86_64")}
    vmlinux = os.path.join(out, "vmlinux")
    if os.path.exists(vmlinux):
        m["vmlinux"] = measure_vmlinux(vmlinux, cross)
    m["objects"] = measure_objects(out, cross)
    m["instrumented"] = instrumented(out)
    m.update(measure_times(out))
    log = os.path.join(out, "serial.log")
    mem, report, note = serial.scan_serial(log, case)
    m["boot_memory"] = mem
    m["report"] = {"case": case, "lines": report, "note": note, "log": log}
    with open(os.path.join(out, "measure.json"), "w") as f:
        json.dump(m, f, indent=1)
    return m
