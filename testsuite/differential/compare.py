#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Differential check of the kasan plugin against GCC's own
# -fsanitize=kernel-address (outline mode).
#
# Every source of the corpus is compiled twice with the same compiler and
# flags:
#   native: CC FLAGS -fsanitize=kernel-address
#           --param asan-instrumentation-with-call-threshold=0
#           -c -fdump-tree-sanopt-lineno=...
#   plugin: CC=CC kasan-cc FLAGS -c -fdump-tree-kasan-lineno=...
# and, per function, every check native emits (__asan_{load,store}SIZE) must
# have a counterpart in the plugin's output, or an explanation that can be
# verified in the dumps (see README.md for the categories and why each is
# sound).  Exit status 1 if any native check is left unexplained, if the
# plugin emits a check whose address operand is undefined, or if a source
# that compiles natively does not compile with the plugin.
#
#   compare.py --cc gcc-12 --outdir DIR --corpus corpus.json [--jobs N]
#   compare.py --cc gcc-12 --outdir DIR [--cflags "-O2"] file.c ...
#
# corpus.json: a list of {"src": path, "flags": [...], "cwd": dir,
# "name": display name, "group": "testsuite"|"kernel"|...}; "cwd", "name"
# and "group" are optional.
#
# This file is the driver (corpus, per-file comparison, report); the work
# is done by
#   compiling.py  the two compilations, compiler probes, offset queries,
#   matching.py   pairing and explaining checks (CATEGORIES),
#   guards.py     the rules that show an access covered or exempt,
#   gimple.py     the dump parser (with gimple_*.py).

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import sys
import tempfile

sys.dont_write_bytecode = True   # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compiling import (  # noqa: E402
    NATIVE_FLAGS, compile_entry, probe_offsets, probe_plugin_dump,
    probe_predefines, safe_name)
from gimple import parse_dump  # noqa: E402
from gimple_model import OffsetResolver  # noqa: E402
from guards import access_addr  # noqa: E402
from matching import (  # noqa: E402
    CATEGORIES, EXCLUDED_SECTIONS, Result, count_noreturn, group_funcs,
    match_group, self_check)


def compare_tu(ndump, pdump, offsets=None):
    resolver = OffsetResolver()
    if offsets:
        resolver.known.update(offsets)
    nf = parse_dump(ndump, resolver)
    pf = parse_dump(pdump, resolver)
    ng = group_funcs(nf)
    pg = group_funcs(pf)
    res = Result()
    for k, g in ng.items():
        sec = None
        for fn in g.funcs:
            if fn.section() in EXCLUDED_SECTIONS:
                sec = fn.section()
        match_group(g, pg.get(k), res, k,
                    policy_note=('function in section %s' % sec) if sec
                    else None, tu_funcs=list(pf.values()))
    for k, g in pg.items():
        if k not in ng:
            match_group(None, g, res, k)
    res.noreturn = [count_noreturn(nf), count_noreturn(pf)]
    res.selfcheck, res.unverified = self_check(pf)
    return res, resolver


def offset_queries(ndump, pdump):
    """All (type, field path) pairs whose offsets the comparison of these
    dumps may need."""
    resolver = OffsetResolver()
    resolver.sizeof('long')     # the target's long, for fresh.py
    for path in (ndump, pdump):
        funcs = parse_dump(path, resolver)
        for fn in funcs.values():
            for a in fn.accesses:
                access_addr(fn, a)
                fn.access_size(a)
                if a.decl_based:
                    m = re.match(r'^(?:MEM(?: <.*?>)? ?\[\(.*?\)&)?'
                                 r'([A-Za-z_$][\w$]*)', a.ref)
                    if m:
                        fn.decl_size(m.group(1))
    return resolver.queries


def analyse_entry(r, cc, outdir):
    """The comparison of one compiled entry r (compile_entry's result),
    with the offsets its dumps need; None if either build failed."""
    if r['native_rc'] != 0 or r['plugin_rc'] != 0 or \
            not os.path.exists(r.get('plugin_dump', '')):
        return None
    q = offset_queries(r['native_dump'], r['plugin_dump'])
    offs = {}
    if q:
        wd = os.path.join(outdir, r['entry'].get('group', 'misc'),
                          safe_name(r['entry']['name']) + '.probe')
        os.makedirs(wd, exist_ok=True)
        offs = probe_offsets(r['entry'], cc, q, wd)
    r['offsets'] = (len(q), len(offs))
    return compare_tu(r['native_dump'], r['plugin_dump'], offs)[0]


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def load_corpus(args):
    entries = []
    if args.corpus:
        with open(args.corpus) as f:
            entries.extend(json.load(f))
    for src in args.sources:
        entries.append({'src': os.path.abspath(src),
                        'flags': shlex.split(args.cflags),
                        'group': 'cmdline'})
    seen = set()
    for e in entries:
        e.setdefault('group', 'misc')
        e.setdefault('name', os.path.basename(e['src']))
        n, i = e['name'], 1
        while (e['group'], e['name']) in seen:
            i += 1
            e['name'] = '%s#%d' % (n, i)
        seen.add((e['group'], e['name']))
    return entries


def fmt_loc(c):
    return '%s:%d' % (c.file, c.line)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('--kasan-cc', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', 'build',
        'bin', 'kasan-cc'))
    ap.add_argument('--outdir', required=True)
    ap.add_argument('--corpus')
    ap.add_argument('--cflags', default='-O2')
    ap.add_argument('--plugin-arg', action='append', default=[],
                    help='extra argument for the plugin build only')
    ap.add_argument('--native-arg', action='append', default=[],
                    help='extra argument for the native build only (the '
                    'target\'s KASan flags, e.g. ARM\'s shadow offset)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--verbose', '-v', action='store_true',
                    help='list every native check and its fate')
    ap.add_argument('sources', nargs='*')
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)

    # Every native build, the probes' too (the workers are threads).
    NATIVE_FLAGS.extend(args.native_arg)
    os.makedirs(args.outdir, exist_ok=True)
    outdir = os.path.abspath(args.outdir)
    entries = load_corpus(args)
    if not entries:
        print('compare.py: empty corpus', file=sys.stderr)
        return 2
    kasan_cc = os.path.abspath(args.kasan_cc)
    plugin_pass, macros = probe_compiler(args, kasan_cc, outdir)
    if plugin_pass is None:
        return 2

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(
            lambda e: compile_entry(e, args.cc, kasan_cc, plugin_pass,
                                    outdir, args.plugin_arg), entries))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        tus = list(ex.map(lambda r: analyse_entry(r, args.cc, outdir),
                          results))

    total, rows, skipped, plugin_failed, detail_lines = \
        collect_results(results, tus)
    write_listings(outdir, detail_lines, total)
    print_table(rows, total)
    print_totals(rows, skipped, plugin_failed, total)
    if args.verbose:
        print()
        print('\n'.join(detail_lines))
    for e, out in skipped:
        print('skipped %s: native compile failed: %s' % (
            e['name'], ' '.join(out.split())[:200]))
    status = report_failures(macros, plugin_failed, total, rows)
    write_summary(outdir, args.cc, plugin_pass, rows, skipped,
                  plugin_failed, total, macros)
    print('differential %s: %d native checks, %d matched, %d explained, '
          '%d unexplained' % (args.cc, total.native, total.matched,
                              total.n_explained, len(total.misses)))
    if not rows:
        print('compare.py: nothing was compared', file=sys.stderr)
        status = 1
    return status


def probe_compiler(args, kasan_cc, outdir):
    """Which dump shows the plugin's output (None if none does: reported)
    and the sanitizer macros of both builds."""
    with tempfile.TemporaryDirectory(dir=outdir) as scratch:
        plugin_pass, notes = probe_plugin_dump(args.cc, kasan_cc, scratch,
                                               args.plugin_arg)
        macros = probe_predefines(args.cc, kasan_cc, scratch,
                                  args.plugin_arg)
    for n in notes:
        print('note: %s' % n)
    if plugin_pass is None:
        print('compare.py: cannot get a dump of the plugin\'s output with %s'
              % args.cc, file=sys.stderr)
        return None, macros
    if plugin_pass != 'kasan':
        print('note: using the "%s" dump (the pass after kasan) for the '
              'plugin\'s final GIMPLE' % plugin_pass)
    return plugin_pass, macros


def collect_results(results, tus):
    """Sum the per-file comparisons: (total Result, [(entry, Result)],
    skipped [(entry, output)], plugin_failed [(entry, output)], the lines
    of details.txt)."""
    total = Result()
    rows = []
    skipped = []
    plugin_failed = []
    detail_lines = []
    for r, tu in zip(results, tus):
        e = r['entry']
        if r['native_rc'] != 0:
            skipped.append((e, r['native_out']))
            continue
        if tu is None:
            plugin_failed.append((e, r['plugin_out']))
            continue
        total.add(tu)
        rows.append((e, tu))
        for fkey, n, cat, p in tu.details:
            detail_lines.append(detail_line(e, fkey, n, cat, p))
    return total, rows, skipped, plugin_failed, detail_lines


def detail_line(e, fkey, n, cat, p):
    """The fate of native check n of function fkey in entry e (a line of
    details.txt): its category and the plugin check it rests on, if any."""
    return '%s %s %s %s %s -> %s%s' % (
        e['name'], fkey, fmt_loc(n), n.describe(),
        n.addr.text() if n.addr else '?', cat,
        (' [%s %s@%s]' % (fmt_loc(p), p.describe(),
                          p.addr.text() if p.addr else '?'))
        if p is not None else '')


def write_listings(outdir, detail_lines, total):
    """details.txt and selfcheck.txt."""
    with open(os.path.join(outdir, 'details.txt'), 'w') as f:
        f.write('\n'.join(detail_lines) + '\n')
    with open(os.path.join(outdir, 'selfcheck.txt'), 'w') as f:
        for fn, a, why in total.unverified:
            f.write('%s:%s:%d: %s %s %s: %s\n' % (
                a.loc[0] if a.loc else '?', fn.key,
                a.loc[1] if a.loc else 0, a.kind, a.ref,
                '(volatile)' if a.volatile else '', why))


def print_table(rows, total):
    """The per-file table."""
    w = max([len(e['name']) for e, _ in rows] + [4])
    hdr = '%-*s %7s %7s %7s %9s %7s %7s' % (
        w, 'file', 'native', 'plugin', 'matched', 'explained', 'missed',
        'extra')
    print(hdr)
    print('-' * len(hdr))
    for e, tu in rows:
        print('%-*s %7d %7d %7d %9d %7d %7d' % (
            w, e['name'], tu.native, tu.plugin, tu.matched, tu.n_explained,
            len(tu.misses), tu.extras))
    print('-' * len(hdr))
    print('%-*s %7d %7d %7d %9d %7d %7d' % (
        w, 'total', total.native, total.plugin, total.matched,
        total.n_explained, len(total.misses), total.extras))


def print_totals(rows, skipped, plugin_failed, total):
    """Files, no-return calls, the self-check and the categories."""
    print()
    print('files compared: %d; skipped (native compile failed): %d; '
          'plugin compile failed: %d' % (len(rows), len(skipped),
                                         len(plugin_failed)))
    print('__asan_handle_no_return calls: native %d, plugin %d' %
          tuple(total.noreturn))
    sc = total.selfcheck
    print('self-check of the plugin\'s output (informational): %d memory '
          'accesses, %d covered by a plugin check, %d constant in-bounds '
          'accesses to declared variables, %d not shown covered (listed in '
          'selfcheck.txt)' % (sum(sc.values()), sc['checked'], sc['exempt'],
                              sc['unverified']))
    print('explained native checks by category:')
    for cat in CATEGORIES:
        print('  %-27s %6d  %s' % (cat, total.explained.get(cat, 0),
                                   CATEGORIES[cat]))


def report_failures(macros, plugin_failed, total, rows):
    """Print what makes the check fail; returns the exit status."""
    status = 0
    for name, nat, plg in macros:
        if nat and not plg:
            status = 1
            print('MACRO MISMATCH: native -fsanitize=kernel-address defines '
                  '%s, the plugin build does not: the two builds compile '
                  'different code (kernel headers: memcpy -> __memcpy, '
                  'kasan_check_*() stubs)' % name)
    if plugin_failed:
        status = 1
        for e, out in plugin_failed:
            print('PLUGIN COMPILE FAILED %s: %s' % (
                e['name'], ' '.join(out.split())[:400]))
    if total.broken:
        status = 1
        print('plugin checks with an undefined address operand: %d' %
              len(total.broken))
        for fkey, p in total.broken[:50]:
            print('  BROKEN %s:%s:%d:%s:%s operand %s' % (
                p.file, fkey, p.line, p.kind, p.size_class(), p.addr_op))
    if total.misses:
        status = 1
        print('unexplained misses: %d' % len(total.misses))
        byfile = {}
        for e, tu in rows:
            for fkey, n, note in tu.misses:
                print('  MISS %s:%s:%d:%s:%s (%s) addr %s; %s' % (
                    n.file, fkey, n.line, n.kind, n.size_class(), e['name'],
                    n.addr.text() if n.addr else '?', note))
                byfile[e['name']] = byfile.get(e['name'], 0) + 1
    else:
        print('unexplained misses: 0')
    return status


def write_summary(outdir, cc, plugin_pass, rows, skipped, plugin_failed,
                  total, macros):
    summary = {
        'cc': cc, 'plugin_dump': plugin_pass,
        'files': len(rows), 'skipped': len(skipped),
        'plugin_failed': len(plugin_failed),
        'native': total.native, 'plugin': total.plugin,
        'matched': total.matched, 'explained': total.n_explained,
        'explained_by_category': dict(total.explained),
        'unexplained': len(total.misses), 'extras': total.extras,
        'broken': len(total.broken),
        'macro_mismatch': [n for n, a, b in macros if a and not b],
    }
    with open(os.path.join(outdir, 'summary.json'), 'w') as f:
        json.dump(summary, f, indent=1)


if __name__ == '__main__':
    sys.exit(main())
