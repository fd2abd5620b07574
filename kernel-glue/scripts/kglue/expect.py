# SPDX-License-Identifier: GPL-2.0-or-later
"""Judge: the expectation files of a Linux version's glue directory
(kernel-glue/linux-X.Y/): kasan_test.expected (the kernel's KASan KUnit
suite: "CASE EXPECTED [WHY]"), kasan_seed.expected (the seed suites:
"[SUITE.]CASE EXPECTED TYPE [FUNC] [reports=N]") and the feature-off
kernels' OFF.override ("CASE RESULT WHY").  EXPECTED is pass, skip,
fail or, for a kasan case, partial (it fails for want of a report in
some of its checks, and reports in the others: judge.py), or one per
compiler, "plugin=pass,native=skip" (both named), which
needs the compiler that built the kernel, or one per runtime,
"own=pass,mainline=fail" (both named: on 32-bit ARM, whose assembly
memchr() only our runtime checks), which needs the kernel's runtime, or
one per pair of them, "plugin+own=pass,plugin+mainline=skip,
native+own=skip,native+mainline=skip" (all four named: the plugin's
use-after-return needs our runtime's fake stacks), which needs both.  An
override may be given so too.  Any malformed line stops the run: a file
that says less than it seems to would judge too little."""

import re
import sys

SUITE = "kasan"
SEED_SUITE = "kasan_seed"
# The seed suites: the built-in one and the one /init loads in a module.
SEED_SUITES = (SEED_SUITE, "kasan_seed_module")
# partial: a kasan case that fails for want of a report in some of its
# checks and reports in the others (judge.py).
RESULTS = ("pass", "skip", "fail", "partial")
COMPILERS = ("plugin", "native")
RUNTIMES = ("own", "mainline")
# What an expectation may be given per: the compiler that built the
# kernel, its runtime, or both ("plugin+own"); each with every one of its
# values named.
PER = {"compiler": COMPILERS, "runtime": RUNTIMES,
       "compiler+runtime": tuple("%s+%s" % (c, r) for c in COMPILERS
                                 for r in RUNTIMES)}


def expectation_lines(path):
    """The lines of an expectations file, without comments, blank lines
    and surrounding white space."""
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                yield line


def per_what(name):
    """"compiler" or "runtime", the kind of kernel property NAME is a value
    of (plugin, own, ...); None for anything else."""
    return next((k for k, names in PER.items() if name in names), None)


def kernel_value(kernel, kind):
    """KERNEL's value of KIND ("compiler", "runtime" or
    "compiler+runtime"), None where unknown."""
    values = [kernel.get(k) for k in kind.split("+")]
    return None if None in values else "+".join(values)


def is_per_kernel(word):
    """Whether WORD gives a result per compiler, runtime or both."""
    return word not in RESULTS


def expectation(word, kernel, path, line):
    """The expected result WORD says for KERNEL ({"compiler": plugin or
    native, "runtime": own or mainline}, None where unknown): WORD is a
    result (pass, skip, fail), one per compiler, "plugin=pass,native=skip",
    one per runtime, "own=pass,mainline=fail", or one per both,
    "plugin+own=pass,plugin+mainline=skip,..."."""
    if word in RESULTS:
        return word
    per, kinds = {}, set()
    for item in word.split(","):
        name, eq, result = item.partition("=")
        kinds.add(per_what(name))
        if not eq or None in kinds or result not in RESULTS or name in per:
            sys.exit("results: %s: bad expectation %r (want one of %s,"
                     " plugin=RESULT,native=RESULT,"
                     " own=RESULT,mainline=RESULT or"
                     " plugin+own=RESULT,...): %s" % (
                         path, word, "/".join(RESULTS), line))
        per[name] = result
    kind = kinds.pop()
    if kinds or set(per) != set(PER[kind]):
        sys.exit("results: %s: %r does not name each %s (%s), and only"
                 " them: %s" % (path, word, kind, ", ".join(PER[kind]), line))
    value = kernel_value(kernel, kind)
    if value is None:
        sys.exit("results: %s: %r is per %s; give %s" % (
            path, word, kind, " and ".join(
                "--%s %s" % (k, "|".join(PER[k])) for k in kind.split("+"))))
    return per[value]


def read_expected(path, compiler=None, runtime=None):
    kernel = {"compiler": compiler, "runtime": runtime}
    cases = []
    for line in expectation_lines(path):
        words = line.split(None, 2)
        if len(words) < 2:
            sys.exit("results: %s: bad line: %s" % (path, line))
        cases.append((words[0], expectation(words[1], kernel, path, line),
                      words[2] if len(words) > 2 else ""))
    return cases


def seed_case_name(word, path, line):
    """(suite, case) of CASE (a kasan_seed case) or SUITE.CASE (a case of
    another seed suite)."""
    suite, dot, case = word.rpartition(".")
    if not dot:
        return SEED_SUITE, case
    if suite not in SEED_SUITES:
        sys.exit("results: %s: no seed suite %s (%s): %s" % (
            path, suite, ", ".join(SEED_SUITES), line))
    return suite, case


def read_seed_expected(path, compiler=None, runtime=None):
    """(suite, case, expected, bug type, function, reports) per line:
    [SUITE.]CASE EXPECTED TYPE [FUNC] [reports=N]."""
    kernel = {"compiler": compiler, "runtime": runtime}
    cases = []
    for line in expectation_lines(path):
        words = line.split()
        count = 1
        if words and re.fullmatch(r"reports=[1-9]\d*", words[-1]):
            count = int(words.pop()[len("reports="):])
        if len(words) not in (3, 4):
            sys.exit("results: %s: bad line: %s" % (path, line))
        suite, case = seed_case_name(words[0], path, line)
        exp = expectation(words[1], kernel, path, line)
        if exp == "partial":
            sys.exit("results: %s: partial is for the kasan suite's cases,"
                     " whose checks are many: %s" % (path, line))
        cases.append((suite, case, exp,
                      words[2], words[3] if len(words) == 4 else case,
                      count))
    return cases


def read_overrides(path, kernel):
    """(suite, case, expected, why, per kernel?) per line: "CASE RESULT
    WHY", CASE a kasan case or SEED_SUITE.CASE (kasan_seed.CASE,
    kasan_seed_module.CASE), RESULT one result or one per compiler,
    runtime or both, as in the expectations (for KERNEL)."""
    found = []
    for line in expectation_lines(path):
        words = line.split(None, 2)
        if len(words) < 3:
            sys.exit("results: %s: bad line (want CASE pass|skip|fail WHY):"
                     " %s" % (path, line))
        result = expectation(words[1], kernel, path, line)
        if result == "partial":
            sys.exit("results: %s: an override of partial: %s" % (path, line))
        suite, dot, case = words[0].rpartition(".")
        if dot and suite not in SEED_SUITES:
            sys.exit("results: %s: %s: no suite %s (a kasan case, or"
                     " SUITE.CASE for a seed suite: %s)" % (
                         path, line, suite, ", ".join(SEED_SUITES)))
        found.append((suite or SUITE, case, result, words[2],
                      is_per_kernel(words[1])))
    return found


def apply_overrides(paths, expected, seed_expected, compiler=None,
                    runtime=None):
    """EXPECTED and SEED_EXPECTED with the overrides of the files PATHS,
    and {(suite, case): why} of the cases overridden.  An override per
    compiler or runtime that gives this kernel the case's own expectation
    (no-stack's use-after-return cases, which skip with mainline's
    runtime anyway) leaves it alone; a plain one must change it."""
    kernel = {"compiler": compiler, "runtime": runtime}
    why_of = {}
    expected = list(expected)
    seed_expected = list(seed_expected)
    for path in paths:
        for suite, case, exp, why, per in read_overrides(path, kernel):
            # A kasan row is (case, expected, ...), a seed row (suite,
            # case, expected, ...).
            table, key = (expected, (case,)) if suite == SUITE else \
                (seed_expected, (suite, case))
            hits = [i for i, row in enumerate(table)
                    if row[:len(key)] == key]
            if not hits:
                sys.exit("results: %s: %s.%s is not in the expectations" % (
                    path, suite, case))
            if (suite, case) in why_of:
                sys.exit("results: %s: %s.%s is overridden twice" % (
                    path, suite, case))
            row = table[hits[0]]
            if row[len(key)] == exp and per:
                continue
            if row[len(key)] == exp:
                sys.exit("results: %s: %s.%s is expected to %s anyway" % (
                    path, suite, case, exp))
            table[hits[0]] = key + (exp,) + tuple(row[len(key) + 1:])
            why_of[(suite, case)] = why
    return expected, seed_expected, why_of


def read_scenario_warnings(path):
    """scenario-warnings.expected: (SCENARIO, compiled REGEX) pairs, the
    kernel warnings each scenario provokes on purpose."""
    out = []
    for line in expectation_lines(path):
        scenario, _, regex = line.partition(" ")
        if not regex.strip():
            sys.exit("%s: want SCENARIO REGEX, not %r" % (path, line))
        out.append((scenario, re.compile(regex.strip())))
    return out
