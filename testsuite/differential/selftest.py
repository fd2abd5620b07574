#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Self-test of the differential checker (compare.py): does it notice a
# plugin that forgets or damages checks?
#
# From GCC's own sanopt dumps (written by a compare.py run into OUTDIR) it
# makes fake "plugin" dumps: the same GIMPLE with the native check calls
# renamed to the plugin's names, which must compare as all-matched; then
# mutants of them, each with one check damaged:
#   drop     the check call is deleted
#   shrink   load8/store8 -> load1/store1, loadN (a, K) -> loadN (a, 1), ...
#   kind     a load check becomes a store check or the reverse
# Every mutant must be reported as an unexplained miss, unless another,
# undamaged check still covers the access (GCC's sanopt keeps some
# redundant checks) or the function is not instrumented by policy: such
# explanations are printed and counted.  An explanation that rests on the
# damaged check itself is an error.
#
#   selftest.py OUTDIR [MAX-MUTANTS]
# Exit status 1 if an unmutated dump does not match completely or a
# damaged check is accepted as the justification of itself.

import glob
import os
import random
import re
import sys
import tempfile

sys.dont_write_bytecode = True   # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

CALL_RE = re.compile(r'__builtin___asan_(load|store)(1|2|4|8|16|N)_noabort '
                     r'\((\S+?)(?:, (\S+))?\);')


def fake(text):
    return text.replace('__builtin___asan_', '__asan_')


def mutants(lines, kind):
    """(line index, new line or None) for every check line."""
    out = []
    for i, l in enumerate(lines):
        m = CALL_RE.search(l)
        if not m:
            continue
        if kind == 'drop':
            out.append((i, None))
        elif kind == 'shrink':
            if m.group(2) in ('2', '4', '8', '16'):
                new = l.replace('%s%s_noabort' % (m.group(1), m.group(2)),
                                '%s1_noabort' % m.group(1))
                out.append((i, new))
            elif m.group(2) == 'N' and m.group(4):
                new = l[:m.start()] + '__builtin___asan_%sN_noabort (%s, 1);' \
                    % (m.group(1), m.group(3)) + l[m.end():]
                out.append((i, new))
        elif kind == 'kind':
            other = 'store' if m.group(1) == 'load' else 'load'
            new = l.replace('asan_%s%s' % (m.group(1), m.group(2)),
                            'asan_%s%s' % (other, m.group(2)))
            out.append((i, new))
    return out


def compare_text(ndump, text, offsets):
    with tempfile.NamedTemporaryFile('w', suffix='.dump', delete=False) as f:
        f.write(text)
        name = f.name
    try:
        res, _ = compare.compare_tu(ndump, name, offsets)
    finally:
        os.unlink(name)
    return res


def main():
    outdir = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    rnd = random.Random(12345)
    dumps = native_dumps(outdir)
    if not dumps:
        print('selftest: no native dumps in %s' % outdir)
        return 1
    identity_bad, cases = identity_check(dumps)
    per_kind = pick_mutants(cases, limit, rnd)
    status, caught, explained, ok_explained = run_mutants(per_kind)
    if identity_bad:
        status = 1
    print('selftest: %d dumps compared with themselves, %d not fully matched'
          % (len(dumps), identity_bad))
    for kind in per_kind:
        print('selftest: %-6s mutants: %3d, reported as misses: %3d, '
              'explained by another check or by policy: %3d, wrongly '
              'accepted: %d' % (kind, len(per_kind[kind]), caught[kind],
                                ok_explained[kind],
                                explained[kind] - ok_explained[kind]))
    return status


def native_dumps(outdir):
    """The native dumps to test with: all of the testsuite's, three of the
    kernel's."""
    dumps = sorted(glob.glob(os.path.join(outdir, 'testsuite',
                                          '*.native.sanopt')))
    dumps += sorted(glob.glob(os.path.join(outdir, 'kernel',
                                           '*.native.sanopt')))[:3]
    return dumps


def identity_check(dumps):
    """Compare every dump with its renamed copy (each must match fully)
    and list the possible mutants: (number of dumps that did not match,
    [(dump, kind, line index, new line)])."""
    identity_bad = 0
    cases = []
    for d in dumps:
        with open(d, errors='replace') as f:
            text = f.read()
        res = compare_text(d, fake(text), None)
        if res.misses or res.broken or res.matched != res.native:
            identity_bad += 1
            print('selftest: identity comparison of %s: %d native, %d '
                  'matched, %d misses' % (d, res.native, res.matched,
                                          len(res.misses)))
        lines = text.split('\n')
        for kind in ('drop', 'shrink', 'kind'):
            for i, new in mutants(lines, kind):
                cases.append((d, kind, i, new))
    return identity_bad, cases


def pick_mutants(cases, limit, rnd):
    """At most limit random mutants of each kind: {kind: [case]}."""
    rnd.shuffle(cases)
    per_kind = {'drop': [], 'shrink': [], 'kind': []}
    for c in cases:
        if len(per_kind[c[1]]) < limit:
            per_kind[c[1]].append(c)
    return per_kind


def run_mutants(per_kind):
    """Compare every chosen mutant.  Returns (status, reported as misses,
    explained, explained without the damaged check), the last three as
    counts per kind."""
    status = 0
    caught = {k: 0 for k in per_kind}
    explained = {k: 0 for k in per_kind}
    ok_explained = {k: 0 for k in per_kind}
    offsets_cache = {}
    for kind, lst in per_kind.items():
        for d, _, i, new in lst:
            with open(d, errors='replace') as f:
                lines = f.read().split('\n')
            old = lines[i]
            if new is None:
                del lines[i]
            else:
                lines[i] = new
            res = compare_text(d, fake('\n'.join(lines)),
                               offsets_cache.get(d))
            if res.misses:
                caught[kind] += 1
                continue
            explained[kind] += 1
            selfref = report_explained(kind, d, i, new, old, res)
            if not selfref:
                ok_explained[kind] += 1
            else:
                status = 1
                print('selftest: ERROR: the damaged check itself was '
                      'accepted')
    return status, caught, explained, ok_explained


def report_explained(kind, d, i, new, old, res):
    """Print a mutant that was not reported as a miss and its
    explanations; returns those that rest on the damaged check itself."""
    why = [(c, p) for f_, n, c, p in res.details
           if c not in ('matched',)]
    # acceptable only if no explanation rests on the damaged
    # check itself (it is at dump line i + 1), or by policy; but a check
    # shrunk to the first byte of a fresh allocation is what the plugin
    # emits for accesses inside one, and fresh.py has shown it enough
    selfref = [c for c, p in why if p is not None and
               new is not None and p.stmt.lineno == i + 1 and
               not (kind == 'shrink' and c == 'inside-fresh-allocation')]
    print('selftest: %s mutant of %s line %d (%s) not reported '
          'as a miss; explanations: %s' % (
              kind, os.path.basename(d), i + 1, old.strip()[:80],
              ', '.join('%s [%s]' % (c, p.describe() + '@' +
                                     compare.fmt_loc(p)
                                     if p else '-')
                        for c, p in why[:3])))
    return selfref


if __name__ == '__main__':
    sys.exit(main())
