#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Symbolize and group an exact instruction profile of a kernel benchmark
run (insn-profile.so's output) with the kernel's System.map.

  profile.py --profile FILE --kernel-dir OUT [--groups FILE]
             [--check-sites] --json OUT.json

Each translated block's instructions (length x times run) go to the
function its first instruction is in (a block does not cross a function's
end but for fall-through into the next, which compilers do not emit
between functions); the function goes to a group by profile-groups' rules.
A function's entries are the runs of blocks that start at its address:
for the checks' entry points (__asan_load4 and friends), the number of
checks executed, by kind and size.

With --check-sites (outline kernels), every call to a check's entry
point in vmlinux (objdump -d) gets the runs of the blocks that contain
it: executed checks by calling function, which tells where elimination
would pay.

The JSON: total instructions, instructions by group, the top functions,
the executed out-of-line checks, and with --check-sites the functions
that execute the most checks.
"""
import argparse
import bisect
import fnmatch
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The checks' entry points: out-of-line checks, the explicit checks of
# instrumented.h, the range test before a loop the plugin versioned (one
# check of the loop's whole range) and the checking mem*() (in a KASan
# kernel memcpy() is the runtime's, which checks and calls __memcpy();
# __asan_memcpy() is what prefixed mem intrinsics call).
CHECK_ENTRY = re.compile(r"__asan_(load|store)(1|2|4|8|16|N)(_noabort)?$|"
                         r"__kasan_check_(read|write)$|"
                         r"__kasan_(range)_accessible$|"
                         r"(?:__asan_)?(memcpy|memset|memmove)$")
TOP = 40


def read_symbols(system_map):
    """Text symbols, sorted: (addresses, [names at each address], the
    image's end)."""
    by_addr = {}
    end = None
    for line in open(system_map):
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            by_addr.setdefault(int(parts[0], 16), []).append(parts[2])
        elif len(parts) == 3 and parts[2] == "_end":
            end = int(parts[0], 16)
    addrs = sorted(by_addr)
    return addrs, [by_addr[a] for a in addrs], end


def read_rules(path):
    rules = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        group, kind, pattern = line.split(None, 2)
        if kind not in ("sym", "obj"):
            sys.exit("profile: %s: bad rule kind '%s'" % (path, kind))
        rules.append((group, kind, pattern))
    return rules


def objects_of(kernel_dir, rules):
    """name -> set of the rule objects defining a function of that name."""
    where = {}
    for _, kind, pattern in rules:
        if kind != "obj":
            continue
        for obj in glob.glob(os.path.join(kernel_dir, pattern)):
            rel = os.path.relpath(obj, kernel_dir)
            out = subprocess.run(["nm", "--defined-only", obj],
                                 capture_output=True, text=True).stdout
            for line in out.splitlines():
                parts = line.split()
                if len(parts) == 3 and parts[1] in "tTwW":
                    where.setdefault(parts[2], set()).add(rel)
    return where


def object_names(names, i, duplicated):
    """The names whose objects tell where function i is.  A static name
    that other objects define too (an inline helper emitted out of line,
    say) does not: then the nearest function before it with a name of its
    own, as the linker puts each object's functions together."""
    if not any(n in duplicated for n in names[i]):
        return names[i]
    for j in range(i - 1, max(i - 64, -1), -1):
        unique = [n for n in names[j] if n not in duplicated]
        if unique:
            return unique
    return []


def classify(names, i, rules, where, duplicated):
    """The group of function i (names[i] are its alias names)."""
    in_objects = object_names(names, i, duplicated)
    for group, kind, pattern in rules:
        if kind == "sym" and any(re.fullmatch(pattern, n) for n in names[i]):
            return group
        if kind == "obj" and any(fnmatch.fnmatch(o, pattern)
                                 for n in in_objects
                                 for o in where.get(n, ())):
            return group
    return "kernel"


def read_profile(path):
    window = None
    blocks = []
    for line in open(path):
        if line.startswith("#"):
            window = "between" in line
            continue
        vaddr, ninsns, count, size = line.split()
        blocks.append((int(vaddr, 16), int(ninsns), int(count), int(size)))
    return window, blocks


def check_kind(names):
    for name in names:
        m = CHECK_ENTRY.match(name)
        if m and m.group(1):
            return "%s%s" % (m.group(1), m.group(2))
        if m and m.group(4):
            return "check_%s" % m.group(4)
        if m and m.group(5):
            return m.group(5)
        if m:
            return m.group(6)
    return None


CALL = re.compile(r"^\s*([0-9a-f]+):\s+call\s+[0-9a-f]+ <([^>+]+)>")


def check_call_sites(vmlinux):
    """The addresses of the calls to a check's entry point in vmlinux."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", vmlinux],
                         capture_output=True, text=True, check=True).stdout
    sites = []
    for line in out.splitlines():
        m = CALL.match(line)
        if m and CHECK_ENTRY.match(m.group(2)):
            sites.append(int(m.group(1), 16))
    return sites


def checks_by_caller(blocks, sites, addrs, names):
    """Executed checks by the function that calls them, most first."""
    blocks = sorted(blocks)
    starts = [b[0] for b in blocks]
    longest = max((b[3] for b in blocks), default=0)
    callers = {}
    for site in sites:
        runs = 0
        i = bisect.bisect_right(starts, site) - 1
        while i >= 0 and starts[i] + longest > site:
            if site < starts[i] + blocks[i][3]:
                runs += blocks[i][2]
            i -= 1
        if runs:
            name = names[bisect.bisect_right(addrs, site) - 1][0]
            callers[name] = callers.get(name, 0) + runs
    return sorted(([n, c] for n, c in callers.items()),
                  key=lambda x: -x[1])[:TOP]


def profile(args):
    addrs, names, kernel_end = read_symbols(
        os.path.join(args.kernel_dir, "System.map"))
    rules = read_rules(args.groups)
    where = objects_of(args.kernel_dir, rules)
    seen = {}
    for ns in names:
        for n in ns:
            seen[n] = seen.get(n, 0) + 1
    duplicated = {n for n, c in seen.items() if c > 1}
    window, blocks = read_profile(args.profile)
    kernel_start = addrs[0] if addrs else 0
    per_func, entries = {}, {}
    total = 0
    for vaddr, ninsns, count, _ in blocks:
        n = ninsns * count
        total += n
        if vaddr < kernel_start:
            key = None
        elif kernel_end and vaddr >= kernel_end:
            key = "outside"  # modules, BPF, trampolines
        else:
            i = bisect.bisect_right(addrs, vaddr) - 1
            key = i
            if addrs[i] == vaddr:
                entries[i] = entries.get(i, 0) + count
        per_func[key] = per_func.get(key, 0) + n
    groups, top, checks = {}, [], {}
    for key, n in per_func.items():
        if key is None:
            group, name = "user", "(user space)"
        elif key == "outside":
            group, name = "kernel", "(outside the image)"
        else:
            group = classify(names, key, rules, where, duplicated)
            name = names[key][0]
        groups[group] = groups.get(group, 0) + n
        top.append((n, name, group))
    for i, count in entries.items():
        kind = check_kind(names[i])
        if kind:
            checks[kind] = checks.get(kind, 0) + count
    top.sort(reverse=True)
    result = {"window": window, "total": total, "groups": groups,
              "checks": checks, "checks_total": sum(checks.values()),
              "top": [[name, group, n] for n, name, group in top[:TOP]]}
    if args.check_sites:
        sites = check_call_sites(os.path.join(args.kernel_dir, "vmlinux"))
        result["check_callers"] = checks_by_caller(blocks, sites, addrs,
                                                   names)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--profile", required=True)
    ap.add_argument("--kernel-dir", required=True)
    ap.add_argument("--groups", default=os.path.join(HERE, "profile-groups"))
    ap.add_argument("--check-sites", action="store_true")
    ap.add_argument("--json", required=True)
    args = ap.parse_args()
    result = profile(args)
    with open(args.json, "w") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
