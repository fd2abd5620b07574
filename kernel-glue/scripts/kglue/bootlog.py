# SPDX-License-Identifier: GPL-2.0-or-later
"""Measure: what one boot's serial log says for judging, and nothing
decided yet: each KUnit case's status (the kernel's own kunit.py parse
--json reads the TAP; a module's suite, whose TAP comes after the boot's
document, is parsed on its own), every report (a "BUG: KASAN:" line,
KASan's non-canonical address hint, or a kernel crash: Oops, panic,
WARNING, "BUG: unable to handle", general protection fault) with the case
it falls in, each case's lines, the suites' summary lines, whether /init's
workload finished, its memory values, how many CPUs came up, and how each
guest scenario ended.

A report belongs to the case whose result line follows it, i.e. it lies
between the previous case's result line (or the suite's header) and its
own; reports after a suite's last case belong to no case."""

import json
import os
import re
import subprocess
import sys
import tempfile

from kglue.serial import RESULT, SUBTEST, init_values, lines, \
    stack_walk_values

REPORT_RES = [
    ("kasan", re.compile(r"BUG: KASAN: ")),
    ("kasan", re.compile(r"KASAN: (null-ptr-deref|maybe wild-memory-access|"
                         r"probably user-memory-access) in range")),
    # The kernel's own general protection fault ("general protection
    # fault, probably for non-canonical address ...: 0000 [#1] ..." or
    # "general protection fault: 0000 ..."), not a user process's
    # ("traps: NAME[PID] general protection fault ip:... in PROGRAM",
    # which stress-ng gives under injected failures).
    ("crash", re.compile(r"Kernel panic|BUG: unable to handle|"
                         r"BUG: kernel NULL pointer|"
                         r"general protection fault[,:]|"
                         r"Oops: |WARNING: CPU: |kernel BUG at")),
]
SUMMARY = re.compile(r"# (\S+): pass:\d+ fail:\d+ skip:\d+ total:\d+")
TITLE = re.compile(r"BUG: KASAN: (\S+) in (\S+)")
# A (K)TAP document's or subtest's first line.
VERSION = re.compile(r"^\s*K?TAP version \d+\s*$")
WORKLOAD = "kasan-glue: workload: done"
# The kernel's count of the CPUs it brought up (boot.sh gives it 2).
CPUS = re.compile(r"smp: Brought up \d+ nodes?, (\d+) CPUs?")
# A guest scenario's end (qemu/scenarios/lib.sh), and its counters:
# "kasan-glue: scenario NAME: done" or "...: failed: REASON";
# "kasan-glue: scenario NAME: LABEL KEY=N ..." (LABEL before, after, ...).
SCENARIO_END = re.compile(r"kasan-glue: scenario ([\w-]+): (done|failed: .*?)\s*$")
SCENARIO_VALUES = re.compile(
    r"kasan-glue: scenario ([\w-]+): (\w+)((?: \w+=-?\d+)+)\s*$")


def run_kunit_parse(kunit, text):
    """kunit.py parse's JSON of the log TEXT, or None; and its output."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "kunit.json")
        proc = subprocess.run([sys.executable, kunit, "parse",
                               "--json=" + out], input=text,
                              capture_output=True, text=True)
        if not os.path.exists(out):
            sys.stderr.write(proc.stdout + proc.stderr)
            return None, proc.stdout
        with open(out) as f:
            return json.load(f), proc.stdout


def later_suite_tap(log, name):
    """The TAP of suite NAME when it ran after the boot's TAP document had
    ended (a module's suite, run when /init loads it: kunit.py parse reads
    only the first document), as a document of its own; or None."""
    body = None
    prev = ""
    for _, line in lines(log):
        m = SUBTEST.match(line)
        if body is None:
            if m and m.group(2) == name:
                body = [prev, line] if VERSION.match(prev) else [line]
            prev = line
            continue
        m = RESULT.match(line)
        if m and m.group(3) == name and not m.group(1):
            # The suite's own result, numbered after the boot's suites.
            body.append(RESULT.sub(lambda r: "%s 1 %s" % (
                r.group(2), r.group(3)), line, count=1))
            return "KTAP version 1\n1..1\n" + "\n".join(body) + "\n"
        body.append(line)
    return None


def kunit_parse(kunit, log, suites):
    """Suite name -> (case name -> PASS/FAIL/SKIP/ERROR), for SUITES; None
    when kunit.py parse found nothing."""
    with open(log, errors="replace") as f:
        data, parse_out = run_kunit_parse(kunit, f.read())
    if data is None:
        return None, parse_out

    def find(group, name):
        if group.get("name") == name:
            return group
        for sub in group.get("sub_groups", []):
            hit = find(sub, name)
            if hit:
                return hit
        return None

    found = {}
    for name in suites:
        suite = find(data, name)
        if suite is None:
            tap = later_suite_tap(log, name)
            later = run_kunit_parse(kunit, tap)[0] if tap else None
            suite = find(later, name) if later else None
        if suite is not None:
            found[name] = {c["name"]: c["status"]
                           for c in suite["test_cases"]}
    return found, parse_out


class Scan:
    """The state of scan_log() along the log: the suite it is in, the
    reports and lines since the last case result, and what it found."""

    def __init__(self):
        self.reports = []
        self.suite = None
        self.pending = []       # reports since the last case result
        self.text = []          # lines since the last case result
        self.case_text = {}     # (suite, case) -> its lines, result last
        self.summaries = {}
        self.workload = False
        self.memory = {}
        self.cpus = None
        self.scenarios = {}     # name -> {"end": ..., "values": {label: {}}}
        self.stack_walks = None  # /init's stack walk counters
        self.title = None       # the last report title, awaiting its next line

    def tap(self, line):
        """Follow the TAP structure; True when LINE was a suite's header
        or a case's result line (nothing more to see in it)."""
        m = SUBTEST.match(line)
        # A nested Subtest (a parametrized case) stays in its suite.
        if m and self.suite is None:
            self.suite = m.group(2)
            self.pending, self.text = [], []
            return True
        if self.suite:
            self.text.append(line)
        m = SUMMARY.search(line)
        if m:
            self.summaries[m.group(1)] = m.group(0)[2:]
        m = RESULT.match(line)
        if not (self.suite and m):
            return False
        if m.group(3) == self.suite:
            # Reports after the last case stay outside any case.
            self.suite = None
        else:
            for r in self.pending:
                r["suite"] = self.suite
                r["case"] = m.group(3)
            self.case_text[(self.suite, m.group(3))] = self.text
        self.pending, self.text = [], []
        return True

    def values(self, line):
        """/init's workload line, its memory values, the CPUs."""
        if line.strip() == WORKLOAD:
            self.workload = True
        m = CPUS.search(line)
        if m:
            self.cpus = int(m.group(1))
        self.memory.update(init_values(line))
        self.stack_walks = stack_walk_values(line) or self.stack_walks
        self.scenario(line)

    def scenario(self, line):
        """A scenario's end line (the first one counts) or counters."""
        m = SCENARIO_END.search(line)
        if m:
            sc = self.scenarios.setdefault(m.group(1), {"values": {}})
            sc.setdefault("end", m.group(2))
            return
        m = SCENARIO_VALUES.search(line)
        if m:
            sc = self.scenarios.setdefault(m.group(1), {"values": {}})
            sc["values"][m.group(2)] = {
                k: int(v) for k, v in
                (kv.split("=") for kv in m.group(3).split())}

    def report(self, lineno, line):
        """A report that LINE starts, if any (the first kind that matches)."""
        for kind, rx in REPORT_RES:
            if rx.search(line):
                r = {"line": lineno, "kind": kind, "text": line.strip(),
                     "suite": None, "case": None}
                if TITLE.search(line):
                    self.title = r
                self.reports.append(r)
                if self.suite:
                    self.pending.append(r)
                return


def scan_log(log):
    """The reports of the log, each with the suite and case it falls in (or
    None), the suites' summary lines, whether the workload finished, the
    memory state that /init printed, how many CPUs the kernel brought up,
    each case's lines, the guest scenarios' ends and counters, and the
    stack walk's counters (None when /init printed none)."""
    s = Scan()
    for lineno, line in lines(log):
        if s.title is not None:
            s.title["next"] = line.strip()
            s.title = None
        if s.tap(line):
            continue
        s.values(line)
        s.report(lineno, line)
    return s.reports, s.summaries, s.workload, s.memory, s.cpus, \
        s.case_text, s.scenarios, s.stack_walks
