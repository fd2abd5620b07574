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

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True   # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gimple  # noqa: E402
import loops  # noqa: E402

NATIVE_FLAGS = ['-fsanitize=kernel-address',
                '--param', 'asan-instrumentation-with-call-threshold=0']

# Explanation categories, in the order they are tried.  The text is printed
# in the log; README.md gives the full argument for each.
CATEGORIES = collections.OrderedDict([
    ('same-bytes',
     'same line, kind and byte count; only the call variant differs '
     '(loadN/storeN (a, K) vs loadK/storeK (a): alignment known differently),'
     ' both check the same K bytes'),
    ('covered-by-wider-check',
     'the native check\'s access is gone from its line; an access of the '
     'same kind in the plugin\'s output touches all its bytes (same '
     'canonical base, containing range: e.g. store merging made one wide '
     'store of several narrow ones, or the statement lost its line) and a '
     'plugin check covers all bytes of that access before it runs'),
    ('loop-became-mem-intrinsic',
     'no load/store of this kind is left at this line; the loop was '
     'replaced by a memcpy/memset/memmove call at this line, and a plugin '
     'loadN/storeN of this kind with the call\'s own address and length '
     'operands runs before it'),
    ('covered-by-dominating-check',
     'the access is still in the plugin\'s final GIMPLE at this line; a '
     'plugin check that verifies at least the same bytes at the same '
     'address runs before it on every path (dominates it) with no call or '
     'asm that may free memory in between (the plugin\'s redundancy '
     'elimination, GCC\'s sanopt rule)'),
    ('all-accesses-at-line-checked',
     'the native check\'s access cannot be singled out at this line in the '
     'plugin\'s output (its address is a loop or PHI value, or the '
     'accesses were merged or duplicated differently), but every access of '
     'this kind left at this line is covered, all its bytes, by a plugin '
     'check that dominates it with no call in between'),
    ('inlined-elsewhere-all-checked',
     'the function has no body of its own in the plugin\'s output (it was '
     'inlined into all its callers there); every access of this kind at '
     'this line, in every function of the plugin\'s output, is covered by '
     'a dominating plugin check'),
    ('now-constant-in-bounds-decl-access',
     'in the plugin\'s output the access is at a constant offset inside a '
     'declared local or global variable, which GCC\'s asan pass itself never '
     'instruments (asan-globals=0, automatic variables), or, with '
     'asan-stack, inside one variable\'s slot of the plugin\'s stack frame '
     '(its frame description says where the slots are)'),
    ('hoisted-before-loop',
     'the access is still in the plugin\'s final GIMPLE at this line, in a '
     'loop; a plugin check of the same kind at this line (the plugin keeps '
     'the access\'s location on a check it moves: plugin/hoist.c) lies '
     'outside that loop, dominates the access, and nothing that may free '
     'memory is on a path from it to the access'),
    ('access-removed',
     'no load/store of this kind (memory reference, atomic, or mem '
     'intrinsic) at this source line exists in the plugin\'s final GIMPLE: '
     'the access was removed by an optimisation that runs after GCC\'s asan '
     'pass'),
    ('not-instrumented-by-policy',
     'the function is in .noinstr.text or .entry.text, which the kernel '
     'never instruments; the plugin skips such functions on purpose (not a '
     'redundancy: a documented policy difference)'),
])


# ---------------------------------------------------------------------------
# Compilation
# ---------------------------------------------------------------------------

def run(cmd, cwd, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True,
                       errors='replace')
    return p.returncode, p.stdout


def safe_name(s):
    return re.sub(r'[^A-Za-z0-9_.+-]', '_', s)


def probe_plugin_dump(cc, kasan_cc, scratch, extra_plugin):
    """The plugin's own dump is -fdump-tree-kasan; if the compiler does not
    accept that option for a plugin pass, fall back to the "optimized" dump,
    which is the next pass and shows the same final GIMPLE."""
    src = os.path.join(scratch, 'probe.c')
    with open(src, 'w') as f:
        f.write('int probe(int *p) { return *p; }\n')
    env = dict(os.environ, CC=cc)
    notes = []
    for pas in ('kasan', 'optimized'):
        dump = os.path.join(scratch, 'probe.%s' % pas)
        rc, out = run([kasan_cc] + extra_plugin + ['-O2', '-c', src, '-o',
                       os.path.join(scratch, 'probe.o'),
                       '-fdump-tree-%s-lineno=%s' % (pas, dump)], scratch, env)
        if rc == 0 and os.path.exists(dump):
            with open(dump, errors='replace') as f:
                txt = f.read()
            if '__asan_load4' in txt:
                return pas, notes
            notes.append('-fdump-tree-%s-lineno: dump has no plugin '
                         'check' % pas)
        else:
            notes.append('-fdump-tree-%s-lineno rejected: %s' %
                         (pas, ' '.join(out.split())[:300]))
    return None, notes


def probe_predefines(cc, kasan_cc, scratch, extra_plugin):
    """Macros that -fsanitize=kernel-address predefines (kernel headers
    test them: include/linux/kasan-checks.h, arch/x86/include/asm/
    string_64.h) and whether the plugin build defines them too."""
    src = os.path.join(scratch, 'macros.c')
    names = ('__SANITIZE_ADDRESS__',)
    with open(src, 'w') as f:
        for i, n in enumerate(names):
            f.write('#ifdef %s\nint kasan_diff_macro_%d;\n#endif\n' % (n, i))
        f.write('int kasan_diff_macro_end;\n')
    out = []
    for i, n in enumerate(names):
        res = []
        for cmd, env in (([cc] + NATIVE_FLAGS, None),
                         ([kasan_cc] + extra_plugin,
                          dict(os.environ, CC=cc))):
            obj = os.path.join(scratch, 'macros.o')
            rc, _ = run(cmd + ['-O2', '-c', src, '-o', obj], scratch, env)
            if rc != 0:
                res.append(None)
                continue
            rc, syms = run(['nm', obj], scratch)
            res.append('kasan_diff_macro_%d' % i in syms)
        out.append((n, res[0], res[1]))
    return out


def compile_entry(entry, cc, kasan_cc, plugin_pass, outdir, extra_plugin):
    name = entry['name']
    base = os.path.join(outdir, entry.get('group', 'misc'), safe_name(name))
    os.makedirs(os.path.dirname(base), exist_ok=True)
    cwd = entry.get('cwd') or os.path.dirname(os.path.abspath(entry['src']))
    flags = list(entry.get('flags', []))
    src = entry['src']
    res = {'entry': entry}
    ndump = base + '.native.sanopt'
    pdump = base + '.plugin.' + plugin_pass
    for d in (ndump, pdump):
        if os.path.exists(d):
            os.unlink(d)
    ncmd = [cc] + flags + NATIVE_FLAGS + [
        '-c', src, '-o', base + '.native.o',
        '-fdump-tree-sanopt-lineno-blocks=' + ndump]
    rc, out = run(ncmd, cwd)
    res['native_cmd'] = ncmd
    res['native_rc'] = rc
    res['native_out'] = out
    if rc != 0:
        return res
    # GCC writes no dump for a unit without functions: that is an empty one.
    if not os.path.exists(ndump):
        open(ndump, 'w').close()
    env = dict(os.environ, CC=cc)
    pcmd = [kasan_cc] + flags + extra_plugin + [
        '-c', src, '-o', base + '.plugin.o',
        '-fdump-tree-%s-lineno-blocks=%s' % (plugin_pass, pdump)]
    rc, out = run(pcmd, cwd, env)
    res['plugin_cmd'] = pcmd
    res['plugin_rc'] = rc
    res['plugin_out'] = out
    if rc == 0 and not os.path.exists(pdump):
        open(pdump, 'w').close()
    res['native_dump'] = ndump
    res['plugin_dump'] = pdump
    with open(base + '.log', 'w') as f:
        f.write('cd %s\n' % shlex.quote(cwd))
        f.write('native: %s\n%s\n' % (' '.join(map(shlex.quote, ncmd)),
                                      res['native_out']))
        f.write('plugin: CC=%s %s\n%s\n' % (cc, ' '.join(map(shlex.quote, pcmd)),
                                            out))
    return res


# ---------------------------------------------------------------------------
# Field offsets
# ---------------------------------------------------------------------------

def probe_offsets(entry, cc, queries, workdir):
    """Ask the compiler for the value of every query (offsetof and sizeof
    expressions about the file's types) by compiling the source itself
    followed by one constant per query, so that all types and globals of
    the file are in scope.  Returns {expr: value}; queries that do not
    compile (types local to a function, bit-fields, ...) are left out."""
    todo = sorted(queries)
    result = {}
    src = os.path.abspath(os.path.join(entry.get('cwd') or '.',
                                       entry['src']))
    cwd = entry.get('cwd') or os.path.dirname(src)
    base = os.path.join(workdir, 'offsets')
    expr_of = {q: q for q in todo}
    retried = set()
    for attempt in range(8):
        if not todo:
            break
        lines = ['#include "%s"' % src]
        first = 2
        for i, q in enumerate(todo):
            lines.append('static const unsigned long __kasan_diff_q_%d '
                         '__attribute__((used)) = (%s);' % (i, expr_of[q]))
        with open(base + '.c', 'w') as f:
            f.write('\n'.join(lines) + '\n')
        # the file's own flags minus optimisation-independent noise;
        # offsets do not depend on the sanitizer
        rc, out = run([cc] + list(entry.get('flags', [])) +
                      ['-w', '-S', '-o', base + '.s', base + '.c'], cwd)
        if rc != 0:
            bad = set()
            for m in re.finditer(r'offsets\.c:(\d+):', out):
                ln = int(m.group(1))
                if ln >= first:
                    bad.add(ln - first)
            if not bad:
                break           # the source itself failed: give up
            keep = []
            for i, q in enumerate(todo):
                if i not in bad:
                    keep.append(q)
                    continue
                # "struct foo" in a dump may be the typedef name of an
                # anonymous struct ("typedef struct {...} foo;")
                alt = re.sub(r'\b(?:struct|union) ([A-Za-z_]\w*)', r'\1',
                             expr_of[q])
                if alt != expr_of[q] and q not in retried:
                    retried.add(q)
                    expr_of[q] = alt
                    keep.append(q)
            todo = keep
            continue
        with open(base + '.s') as f:
            asm = f.read()
        for i, q in enumerate(todo):
            # x86_64: .quad N or .zero 8; 32-bit ARM: .word N or .space 4
            m = re.search(r'^__kasan_diff_q_%d:\n\s*\.(quad|word|zero|space)\s+(\d+)'
                          % i, asm, re.M)
            if m:
                result[q] = int(m.group(2)) \
                    if m.group(1) in ('quad', 'word') else 0
        break
    return result


# ---------------------------------------------------------------------------
# Matching
# ---------------------------------------------------------------------------

def is_root(addr):
    """A base that names one fixed pointer: a parameter's incoming value or
    the address of a declaration."""
    if addr is None or not addr.known or len(addr.terms) != 1 or \
            addr.terms[0][1] != 1:
        return False
    a = addr.terms[0][0]
    return re.match(r'^[\w.$]+\(D\)$', a) is not None or \
        re.match(r'^&[\w.$]+$', a) is not None


def provably_different(a, b):
    if a is None or b is None or not a.known or not b.known:
        return False
    if a.terms == b.terms:
        return a.off != b.off
    return is_root(a) and is_root(b)


def same_address(a, b):
    """Equal canonical addresses across the two compilations."""
    return a is not None and b is not None and a.known and b.known and \
        a.terms == b.terms and a.off == b.off


def covers_range(p, addr, nbytes):
    """Plugin check p verifies every byte of [addr, addr + nbytes) (both
    addresses from the same function, or both known)."""
    if p.addr is None or addr is None or nbytes is None or \
            p.addr.lterms != addr.lterms:
        return False
    pb = p.nbytes()
    if pb is None:
        return False
    return p.addr.off <= addr.off and addr.off + nbytes <= p.addr.off + pb


WRAPPERS = ('VIEW_CONVERT_EXPR<', 'REALPART_EXPR <', 'IMAGPART_EXPR <')


def access_addr(fn, a):
    """Canonical address of the memory an access touches."""
    if a.is_call:
        m = gimple.CALL_RE.match(a.ref)
        args = gimple.split_args(m.group(2)) if m else []
        return fn.canon(args[0]) if args else None
    ref = a.ref
    if ref.startswith('BIT_FIELD_REF <'):
        args = gimple.split_args(ref[len('BIT_FIELD_REF <'):].rstrip('>'))
        if len(args) == 3 and args[2].isdigit() and int(args[2]) % 8 == 0:
            ad = fn.addr_of_ref(args[0])
            return None if ad is None else ad + int(args[2]) // 8
        return None
    for pfx in WRAPPERS:
        if ref.startswith(pfx):
            return None         # part of an object: no simple address
    return fn.addr_of_ref(ref)


def exempt_decl_access(fn, a, ad):
    """A constant-offset access inside a declared variable (local or
    global): GCC's asan pass never instruments those ("automatic vars are
    always accessible"; globals with asan-globals=0, the kernel-address
    default), so the plugin need not either."""
    if not a.decl_based:
        return False
    if re.match(r'^(?:<retval>|D\.\d+|[A-Za-z_$][\w$]*)'
                r'(?:\.(?:D\.\d+|[A-Za-z_$][\w$]*))*$', a.ref) and \
            not gimple.is_ssa(a.ref.split('.')[0]):
        # a whole variable or a field of it: inside it by construction
        return True
    if ad is None or len(ad.terms) != 1:
        return False
    atom, coef = ad.terms[0]
    if coef == 1 and re.match(r'^&__kasan_frame\.\d+$', atom):
        return in_frame_slot(fn, fn.access_size(a), ad.off)
    if coef != 1 or not atom.startswith('&') or \
            not re.match(r'^&[A-Za-z_$][\w$]*$', atom):
        return False
    size = fn.access_size(a)
    dsize = fn.decl_size(atom[1:])
    if size is None or dsize is None:
        return False
    return 0 <= ad.off and ad.off + size <= dsize


def frame_slots(fn):
    """[(offset, size)] of the variables in the plugin's stack frame of fn
    (asan-stack), from its frame description "N OFF SIZE LEN NAME ...",
    the string the plugin stores in the frame header; [] without one."""
    for rhs in fn.defs.values():
        m = re.search(r'&"(\d+(?: \d+ \d+ \d+ \S+)+)"\[0\]', rhs)
        if not m:
            continue
        words = m.group(1).split()
        n = int(words[0])
        if len(words) != 1 + 4 * n:
            continue
        return [(int(words[1 + 4 * i]), int(words[2 + 4 * i]))
                for i in range(n)]
    return []


def in_frame_slot(fn, size, off):
    """A constant-offset access of size bytes at off in the plugin's stack
    frame lies inside one variable's slot, not in a redzone: the frame
    version of a constant in-bounds access to a declared local."""
    if size is None:
        return False
    return any(o <= off and off + size <= o + sz
               for o, sz in frame_slots(fn))


class Group:
    """All functions of one dump with the same normalised name."""

    def __init__(self, key):
        self.key = key
        self.funcs = []
        self.checks = []
        self.accesses = []
        self.intrinsics = []

    def add(self, fn):
        self.funcs.append(fn)
        self.checks.extend(fn.checks)
        self.accesses.extend(fn.accesses)
        self.intrinsics.extend(fn.intrinsics)


def group_funcs(funcs):
    groups = collections.OrderedDict()
    for fn in funcs.values():
        groups.setdefault(fn.key, Group(fn.key)).add(fn)
    return groups


class Result:
    def __init__(self):
        self.native = 0
        self.plugin = 0
        self.matched = 0
        self.explained = collections.Counter()
        self.misses = []        # (func, check, note)
        self.extras = 0
        self.broken = []        # plugin checks with undefined address
        self.noreturn = [0, 0]
        self.details = []       # (func, check, category, partner)
        self.selfcheck = collections.Counter()
        self.unverified = []

    def add(self, o):
        self.native += o.native
        self.plugin += o.plugin
        self.matched += o.matched
        self.explained.update(o.explained)
        self.misses.extend(o.misses)
        self.extras += o.extras
        self.broken.extend(o.broken)
        self.noreturn[0] += o.noreturn[0]
        self.noreturn[1] += o.noreturn[1]
        self.selfcheck.update(o.selfcheck)
        self.unverified.extend(o.unverified)

    @property
    def n_explained(self):
        return sum(self.explained.values())


def guarding_check(fn, acc, addr, nbytes):
    """A plugin check of fn that verifies [addr, addr+nbytes) (addr as
    seen in fn) before access acc on every path, with nothing that may
    free memory in between: the check right before the access, or a
    dominating one.  A check of the other kind counts (as in GCC, a load
    check covers a later store of the same bytes and vice versa, e.g. in a
    read-modify-write) unless it is at the access's own line without an
    earlier access of its own kind there that it belongs to: then it is
    this access's own check, with the wrong kind.
    Returns the check or None."""
    if not fn.cfg_ok or addr is None or nbytes is None:
        return None
    fl = loc_key(acc.loc)
    for p in fn.checks:
        if p.addr is None or not covers_range(p, addr, nbytes):
            continue
        if p.kind != acc.kind and loc_key(p.loc) == fl and \
                not any(b.kind == p.kind and loc_key(b.loc) == fl and
                        p.addr.same(access_addr(fn, b)) and
                        fn.dominates(b.stmt, acc.stmt)
                        for b in fn.accesses if b is not acc):
            continue
        if fn.dominates(p.stmt, acc.stmt) and fn.free_path(p.stmt, acc.stmt):
            return p
    return None


def access_guard(fn, a, ad, need=None):
    """How the plugin's output justifies access a (address ad): returns
    ('checked', check) if a plugin check covers all its bytes (and at
    least need bytes) before it, ('exempt', None) for a constant in-bounds
    access to a declared variable, ('hoisted', check) for a check moved
    before a's loop (loops.py), or (None, None)."""
    size = fn.access_size(a)
    if size is not None or need is not None:
        nb = max(x for x in (size, need) if x is not None)
        g = guarding_check(fn, a, ad, nb)
        if g is not None:
            return 'checked', g
    if exempt_decl_access(fn, a, ad):
        return 'exempt', None
    g = loops.hoisted_guard(fn, a, lambda p: loc_key(p.loc) == loc_key(a.loc))
    if g is not None:
        return 'hoisted', g
    return None, None


def loc_key(loc):
    """(file, line) of a location; statements without one (e.g. inserted
    by PRE on an edge) all share ('?', 0), as checks without one do."""
    return (loc[0], loc[1]) if loc else ('?', 0)


def plugin_accesses(funcs, fl, kind):
    """(fn, access, address) of every memory access of this kind at source
    line fl in these functions (memory references and atomics)."""
    out = []
    for fn in funcs:
        for a in fn.accesses:
            if a.kind == kind and loc_key(a.loc) == fl:
                out.append((fn, a, access_addr(fn, a)))
    return out


def all_guarded(accs, need=None):
    """Every access in accs is checked (or exempt); returns (ok, category
    qualifier, a check used, unguarded refs)."""
    bad = []
    used = None
    exempt = False
    for fn, a, ad in accs:
        how, g = access_guard(fn, a, ad, need)
        if how is None:
            bad.append(a.ref)
        elif how == 'exempt':
            exempt = True
        elif used is None:
            used = g
    return not bad, exempt, used, bad


# (destination, source, length) argument positions of the mem intrinsics
INTRINSIC_ARGS = {'memcpy': (0, 1, 2), 'memmove': (0, 1, 2),
                  'mempcpy': (0, 1, 2), 'memset': (0, None, 2),
                  'bzero': (0, None, 1), 'bcopy': (1, 0, 2)}


def intrinsic_range_check(pg, fl, kind):
    """A plugin check of this kind that verifies exactly the range a mem
    intrinsic call at line fl writes (kind store) or reads (kind load):
    the same address as the call's destination/source and the same length
    operand, placed before the call on every path."""
    for fn in pg.funcs:
        for name, loc, st in fn.intrinsics:
            if loc_key(loc) != fl:
                continue
            base = re.sub(r'^(?:__builtin_|__asan_|__)', '', name)
            pos = INTRINSIC_ARGS.get(base)
            m = gimple.CALL_RE.match(re.sub(r'^.*? = ', '', st.text)
                                     .rstrip(';'))
            if pos is None or not m:
                continue
            args = gimple.split_args(m.group(2))
            which = pos[0] if kind == 'store' else pos[1]
            if which is None or len(args) <= max(p for p in pos
                                                 if p is not None):
                continue
            addr = fn.canon(args[which])
            length = fn.canon(args[pos[2]])
            for p in fn.checks:
                if p.kind != kind or p.size != 'N' or p.addr is None or \
                        p.len_op is None or not p.addr.same(addr):
                    continue
                plen = fn.canon(p.len_op)
                if plen is None or not plen.same(length):
                    continue
                if fn.dominates(p.stmt, st):
                    return p
    return None


def match_group(ng, pg, res, fkey, policy_note=None, tu_funcs=None):
    nat = list(ng.checks) if ng else []
    plg_all = list(pg.checks) if pg else []
    plg = []
    for p in plg_all:
        if p.addr is None:
            res.broken.append((fkey, p))
        else:
            plg.append(p)
    res.native += len(nat)
    res.plugin += len(plg_all)
    used = set()            # plugin checks paired 1:1
    referenced = set()      # plugin checks used in an explanation
    open_ = list(nat)

    def key(c):
        return (c.file, c.line, c.kind)

    by_key = collections.defaultdict(list)
    for p in plg:
        by_key[key(p)].append(p)

    # Stage 1: exact (file, line, kind, size class); first the pairs whose
    # canonical addresses are equal, then any pair whose addresses are not
    # provably different.
    for strict in (True, False):
        rest = []
        for n in open_:
            hit = None
            for p in by_key.get(key(n), ()):
                if id(p) in used or p.size_class() != n.size_class():
                    continue
                if strict and not same_address(n.addr, p.addr):
                    continue
                if provably_different(n.addr, p.addr):
                    continue
                hit = p
                break
            if hit is None:
                rest.append(n)
            else:
                used.add(id(hit))
                res.matched += 1
                res.details.append((fkey, n, 'matched', hit))
        open_ = rest

    # Stage 2: same bytes, other call variant.
    rest = []
    for n in open_:
        hit = None
        nb = n.nbytes()
        for p in by_key.get(key(n), ()):
            if id(p) in used or nb is None or p.nbytes() != nb:
                continue
            if provably_different(n.addr, p.addr):
                continue
            hit = p
            break
        if hit is None:
            rest.append(n)
        else:
            used.add(id(hit))
            res.explained['same-bytes'] += 1
            res.details.append((fkey, n, 'same-bytes', hit))
    open_ = rest

    intr_lines = set()
    if pg:
        for name, loc, _ in pg.intrinsics:
            intr_lines.add(loc_key(loc))

    rest = []
    notes = {}
    for n in open_:
        fl = (n.file, n.line)
        cat = None
        partner = None
        nb = n.nbytes()
        if pg is None:
            # The function has no body of its own in the plugin's output
            # (inlined into all its callers, or removed): look at every
            # function of the plugin's output.
            accs = plugin_accesses(tu_funcs or (), fl, n.kind)
            if not accs:
                cat = 'access-removed'
            else:
                ok, exempt, g, bad = all_guarded(accs, nb)
                if ok:
                    cat, partner = 'inlined-elsewhere-all-checked', g
                else:
                    notes[id(n)] = 'function not in the plugin dump; ' \
                        'unchecked accesses at this line elsewhere: %s' % \
                        '; '.join(bad[:4])
            if cat is None and policy_note:
                cat = 'not-instrumented-by-policy'
            if cat is None:
                rest.append(n)
                continue
            if partner is not None:
                referenced.add(id(partner))
            res.explained[cat] += 1
            res.details.append((fkey, n, cat, partner))
            continue
        accs = plugin_accesses(pg.funcs, fl, n.kind)
        # n's own access, if it is still there: the same address when
        # that is comparable, else any with the same constant offset.
        if n.addr is not None and n.addr.known:
            own = [x for x in accs if same_address(x[2], n.addr)]
        elif n.addr is not None:
            # an opaque address: the same constant offset, and a size
            # that could be the native check's (a 4-byte field of another
            # pointer at that offset is not its access)
            own = [x for x in accs if x[2] is not None and
                   not x[2].known and x[2].off == n.addr.off and
                   (nb is None or x[0].access_size(x[1]) in (None, nb))]
        else:
            own = []
        if own:
            # Stage 3: the access is still there; a plugin check covers
            # it before it runs (same address, all its bytes and at least
            # n's, dominating, no call in between).
            guards = [access_guard(fn, a, ad, nb) for fn, a, ad in own]
            if all(h is not None for h, g in guards):
                if all(h == 'checked' for h, g in guards):
                    cat = 'covered-by-dominating-check'
                    partner = guards[0][1]
                elif any(h == 'hoisted' for h, g in guards):
                    cat = 'hoisted-before-loop'
                    partner = [g for h, g in guards if h == 'hoisted'][0]
                else:
                    cat = 'now-constant-in-bounds-decl-access'
            else:
                notes[id(n)] = 'the access is still there (%s) and no ' \
                    'plugin check covers it' % '; '.join(
                        a.ref for (fn, a, ad), (h, g) in zip(own, guards)
                        if h is None)
        else:
            # Stage 4: n's access is gone from its line; an access of the
            # same kind elsewhere in the function touches all its bytes
            # (store/load merging, a statement that lost or changed its
            # line) and a plugin check covers that access before it runs.
            if n.addr is not None and n.addr.known and nb is not None:
                for fn in pg.funcs:
                    for a in fn.accesses:
                        if a.kind != n.kind:
                            continue
                        ad = access_addr(fn, a)
                        sz = fn.access_size(a)
                        if ad is None or not ad.known or sz is None or \
                                ad.terms != n.addr.terms or \
                                not (ad.off <= n.addr.off and
                                     n.addr.off + nb <= ad.off + sz):
                            continue
                        how, g = access_guard(fn, a, ad, None)
                        if how == 'checked':
                            cat, partner = 'covered-by-wider-check', g
                            break
                    if cat:
                        break
            # Stage 5: the loop became a mem intrinsic checked as a range.
            if cat is None and fl in intr_lines and not accs:
                p = intrinsic_range_check(pg, fl, n.kind)
                if p is not None:
                    cat, partner = 'loop-became-mem-intrinsic', p
            # Stage 6: no access of this kind left at this line at all.
            if cat is None and not accs and fl not in intr_lines:
                cat = 'access-removed'
            # Stage 7: n's access cannot be identified at this line, but
            # every access of this kind that is left there is checked.
            if cat is None and accs:
                ok, exempt, g, bad = all_guarded(accs, nb)
                if ok:
                    cat = 'all-accesses-at-line-checked'
                    partner = g
                else:
                    notes[id(n)] = 'unchecked accesses at this line: %s' % \
                        '; '.join(bad[:4])
        if cat is None and policy_note:
            cat = 'not-instrumented-by-policy'
        if cat is None:
            rest.append(n)
            continue
        if partner is not None:
            referenced.add(id(partner))
        res.explained[cat] += 1
        res.details.append((fkey, n, cat, partner))
    for n in rest:
        note = ''
        if pg is not None:
            brk = [p for p in pg.checks if p.addr is None and
                   p.kind == n.kind and (p.file, p.line) == (n.file, n.line)]
            if brk:
                note = 'plugin check(s) at this line with an UNDEFINED ' \
                    'address operand [%s]; ' % ', '.join(
                        '%s(%s)' % (p.describe(), p.addr_op) for p in brk)
        if id(n) in notes:
            note += notes[id(n)] + '; '
        if pg is not None:
            cands = [p for p in plg if p.kind == n.kind and
                     (p.file, p.line) == (n.file, n.line)]
            note += 'plugin checks at this line: [%s]' % ', '.join(
                '%s@%s%s' % (p.describe(), p.addr.text() if p.addr else '?',
                             '' if id(p) not in used else '(paired)')
                for p in cands)
        res.misses.append((fkey, n, note))
        res.details.append((fkey, n, 'MISS', None))
    res.extras += sum(1 for p in plg if id(p) not in used and
                      id(p) not in referenced)


def self_check(funcs):
    """Every memory access left in the plugin's output, and whether a
    plugin check covers it (all its bytes, dominating, nothing that may
    free memory in between), it is a constant in-bounds access to a
    declared variable, or neither could be shown.  Functions the plugin
    does not instrument at all (no_sanitize attributes, excluded
    sections) are left out.  Returns (counts, [unverified])."""
    counts = collections.Counter()
    unverified = []
    for fn in funcs.values():
        hdr = ' '.join(fn.header[:-1])
        if not fn.checks and ('no_sanitize' in hdr or
                              'no_address_safety_analysis' in hdr or
                              fn.section() in EXCLUDED_SECTIONS):
            continue
        for a in fn.accesses:
            ad = access_addr(fn, a)
            how, g = access_guard(fn, a, ad)
            if how is None:
                why = 'address not understood' if ad is None else \
                    'size not known' if fn.access_size(a) is None else \
                    'no covering check found'
                counts['unverified'] += 1
                unverified.append((fn, a, why))
            else:
                counts[how] += 1
    return counts, unverified


def count_noreturn(funcs):
    n = 0
    for fn in funcs.values():
        for st in fn.stmts:
            if re.match(r'^(?:__builtin___asan_|__asan_)handle_no_return \(',
                        st.text):
                n += 1
    return n


EXCLUDED_SECTIONS = ('.noinstr.text', '.entry.text')


def compare_tu(ndump, pdump, offsets=None):
    resolver = gimple.OffsetResolver()
    if offsets:
        resolver.known.update(offsets)
    nf = gimple.parse_dump(ndump, resolver)
    pf = gimple.parse_dump(pdump, resolver)
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
    resolver = gimple.OffsetResolver()
    for path in (ndump, pdump):
        funcs = gimple.parse_dump(path, resolver)
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


def main(argv=None):
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
    args = ap.parse_args(argv)

    # Every native build, the probes' too (the workers are threads).
    NATIVE_FLAGS.extend(args.native_arg)
    os.makedirs(args.outdir, exist_ok=True)
    outdir = os.path.abspath(args.outdir)
    entries = load_corpus(args)
    if not entries:
        print('compare.py: empty corpus', file=sys.stderr)
        return 2
    kasan_cc = os.path.abspath(args.kasan_cc)

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
        return 2
    if plugin_pass != 'kasan':
        print('note: using the "%s" dump (the pass after kasan) for the '
              'plugin\'s final GIMPLE' % plugin_pass)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(
            lambda e: compile_entry(e, args.cc, kasan_cc, plugin_pass,
                                    outdir, args.plugin_arg), entries))

    def analyse(r):
        if r['native_rc'] != 0 or r['plugin_rc'] != 0 or \
                not os.path.exists(r.get('plugin_dump', '')):
            return None
        q = offset_queries(r['native_dump'], r['plugin_dump'])
        offs = {}
        if q:
            wd = os.path.join(outdir, r['entry'].get('group', 'misc'),
                              safe_name(r['entry']['name']) + '.probe')
            os.makedirs(wd, exist_ok=True)
            offs = probe_offsets(r['entry'], args.cc, q, wd)
        r['offsets'] = (len(q), len(offs))
        return compare_tu(r['native_dump'], r['plugin_dump'], offs)[0]

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        tus = list(ex.map(analyse, results))

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
            detail_lines.append('%s %s %s %s %s -> %s%s' % (
                e['name'], fkey, fmt_loc(n), n.describe(),
                n.addr.text() if n.addr else '?', cat,
                (' [%s %s@%s]' % (fmt_loc(p), p.describe(),
                                  p.addr.text() if p.addr else '?'))
                if p is not None else ''))

    with open(os.path.join(outdir, 'details.txt'), 'w') as f:
        f.write('\n'.join(detail_lines) + '\n')
    with open(os.path.join(outdir, 'selfcheck.txt'), 'w') as f:
        for fn, a, why in total.unverified:
            f.write('%s:%s:%d: %s %s %s: %s\n' % (
                a.loc[0] if a.loc else '?', fn.key,
                a.loc[1] if a.loc else 0, a.kind, a.ref,
                '(volatile)' if a.volatile else '', why))

    # Per-file table.
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
    if args.verbose:
        print()
        print('\n'.join(detail_lines))
    for e, out in skipped:
        print('skipped %s: native compile failed: %s' % (
            e['name'], ' '.join(out.split())[:200]))
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
            print('PLUGIN COMPILE FAILED %s: %s' % (e['name'],
                                                   ' '.join(out.split())[:400]))
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
    summary = {
        'cc': args.cc, 'plugin_dump': plugin_pass,
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
    print('differential %s: %d native checks, %d matched, %d explained, '
          '%d unexplained' % (args.cc, total.native, total.matched,
                              total.n_explained, len(total.misses)))
    if not rows:
        print('compare.py: nothing was compared', file=sys.stderr)
        status = 1
    return status


if __name__ == '__main__':
    sys.exit(main())
