# SPDX-License-Identifier: GPL-2.0-or-later
#
# The matching of the differential check (compare.py): per function, every
# check native GCC emits is paired with a plugin check or explained by one
# of CATEGORIES, tried in stages from the most to the least direct
# evidence, using the rules of guards.py; what stays unexplained is a miss
# with a note for the log.  Also the self-check of the plugin's output
# (is every access it leaves covered?), reported for information.

import collections
import re

from guards import (access_addr, access_guard, all_guarded,
                    intrinsic_range_check, loc_key, plugin_accesses,
                    provably_different, same_address)

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
    ('inside-fresh-allocation',
     'the access is still in the plugin\'s final GIMPLE; its address is '
     'the result of an allocator call of constant size plus offsets whose '
     'definitions bound them inside the object (every byte of the access '
     'and of the native check); a plugin check of the object\'s first '
     'byte dominates the access and nothing that may free memory is on a '
     'path from the allocation to it (plugin/fresh.c, fresh.py)'),
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


def match_group(ng, pg, res, fkey, policy_note=None, tu_funcs=None):
    """Pair or explain every native check of group ng (None: the plugin's
    own functions only) with the plugin's group pg (None: no body there),
    adding the outcome to Result res under function name fkey."""
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
    by_key = collections.defaultdict(list)
    for p in plg:
        by_key[_line_kind(p)].append(p)
    open_ = _pair_exact(nat, by_key, used, res, fkey)
    open_ = _pair_same_bytes(open_, by_key, used, res, fkey)
    notes = {}
    rest = _explain_open(open_, pg, res, fkey, policy_note, tu_funcs,
                         notes, referenced)
    _record_misses(rest, pg, plg, used, notes, res, fkey)
    res.extras += sum(1 for p in plg if id(p) not in used and
                      id(p) not in referenced)


def _line_kind(c):
    return (c.file, c.line, c.kind)


def _pair(open_, by_key, used, fits):
    """Pair each native check with the first unused plugin check of its
    line and kind that fits it and whose address is not provably another;
    returns the pairs and the native checks left."""
    pairs, rest = [], []
    for n in open_:
        hit = next((p for p in by_key.get(_line_kind(n), ())
                    if id(p) not in used and fits(n, p) and
                    not provably_different(n.addr, p.addr)), None)
        if hit is None:
            rest.append(n)
        else:
            used.add(id(hit))
            pairs.append((n, hit))
    return pairs, rest


def _pair_exact(open_, by_key, used, res, fkey):
    """Stage 1: exact (file, line, kind, size class); first the pairs whose
    canonical addresses are equal, then any pair whose addresses are not
    provably different.  Returns the native checks left."""
    for strict in (True, False):
        pairs, open_ = _pair(
            open_, by_key, used,
            lambda n, p: (p.size_class() == n.size_class() and
                          (not strict or same_address(n.addr, p.addr))))
        for n, hit in pairs:
            res.matched += 1
            res.details.append((fkey, n, 'matched', hit))
    return open_


def _pair_same_bytes(open_, by_key, used, res, fkey):
    """Stage 2: same bytes, other call variant.  Returns the native checks
    left."""
    pairs, rest = _pair(open_, by_key, used,
                        lambda n, p: (n.nbytes() is not None and
                                      p.nbytes() == n.nbytes()))
    for n, hit in pairs:
        res.explained['same-bytes'] += 1
        res.details.append((fkey, n, 'same-bytes', hit))
    return rest


def _explain_open(open_, pg, res, fkey, policy_note, tu_funcs, notes,
                  referenced):
    """Stages 3 to 7, and the policy exemption, for every native check
    still open.  Returns those left unexplained; notes[id(check)] says
    what was seen of them."""
    intr_lines = set()
    if pg:
        for name, loc, _ in pg.intrinsics:
            intr_lines.add(loc_key(loc))
    rest = []
    for n in open_:
        if pg is None:
            cat, partner = _explain_without_body(n, tu_funcs, notes)
        else:
            cat, partner = _explain_in_group(n, pg, intr_lines, notes)
        if cat is None and policy_note:
            cat = 'not-instrumented-by-policy'
        if cat is None:
            rest.append(n)
            continue
        if partner is not None:
            referenced.add(id(partner))
        res.explained[cat] += 1
        res.details.append((fkey, n, cat, partner))
    return rest


def _explain_without_body(n, tu_funcs, notes):
    """The function has no body of its own in the plugin's output
    (inlined into all its callers, or removed): look at every function of
    the plugin's output.  Returns (category, partner) or (None, None)."""
    fl = (n.file, n.line)
    accs = plugin_accesses(tu_funcs or (), fl, n.kind)
    if not accs:
        return 'access-removed', None
    ok, exempt, g, bad = all_guarded(accs, n.nbytes())
    if ok:
        return 'inlined-elsewhere-all-checked', g
    notes[id(n)] = 'function not in the plugin dump; ' \
        'unchecked accesses at this line elsewhere: %s' % \
        '; '.join(bad[:4])
    return None, None


def _explain_in_group(n, pg, intr_lines, notes):
    """Native check n against the plugin's version of its function.
    Returns (category, partner) or (None, None)."""
    fl = (n.file, n.line)
    accs = plugin_accesses(pg.funcs, fl, n.kind)
    own = _own_accesses(n, accs)
    if own:
        return _explain_own_access(n, own, notes)
    nb = n.nbytes()
    cat = None
    partner = None
    # Stage 4: n's access is gone from its line; an access of the
    # same kind elsewhere in the function touches all its bytes
    # (store/load merging, a statement that lost or changed its
    # line) and a plugin check covers that access before it runs.
    if n.addr is not None and n.addr.known and nb is not None:
        cat, partner = _wider_access_check(n, pg, nb)
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
    return cat, partner


def _own_accesses(n, accs):
    """n's own access among accs (fn, access, address), if it is still
    there: the same address when that is comparable, else any with the
    same constant offset."""
    nb = n.nbytes()
    if n.addr is not None and n.addr.known:
        return [x for x in accs if same_address(x[2], n.addr)]
    if n.addr is not None:
        # an opaque address: the same constant offset, and a size
        # that could be the native check's (a 4-byte field of another
        # pointer at that offset is not its access)
        return [x for x in accs if x[2] is not None and
                not x[2].known and x[2].off == n.addr.off and
                (nb is None or x[0].access_size(x[1]) in (None, nb))]
    return []


def _explain_own_access(n, own, notes):
    """Stage 3: the access is still there; a plugin check covers it
    before it runs (same address, all its bytes and at least n's,
    dominating, no call in between).  Returns (category, partner) or
    (None, None)."""
    nb = n.nbytes()
    guards = [access_guard(fn, a, ad, nb) for fn, a, ad in own]
    if all(h is not None for h, g in guards):
        if all(h == 'checked' for h, g in guards):
            return 'covered-by-dominating-check', guards[0][1]
        if any(h == 'hoisted' for h, g in guards):
            return 'hoisted-before-loop', \
                [g for h, g in guards if h == 'hoisted'][0]
        if any(h == 'fresh' for h, g in guards):
            return 'inside-fresh-allocation', \
                [g for h, g in guards if h == 'fresh'][0]
        return 'now-constant-in-bounds-decl-access', None
    notes[id(n)] = 'the access is still there (%s) and no ' \
        'plugin check covers it' % '; '.join(
            a.ref for (fn, a, ad), (h, g) in zip(own, guards)
            if h is None)
    return None, None


def _wider_access_check(n, pg, nb):
    """Stage 4's search: the first access of n's kind in pg whose bytes
    contain n's and that a plugin check covers.  Returns
    ('covered-by-wider-check', check) or (None, None)."""
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
                return 'covered-by-wider-check', g
    return None, None


def _record_misses(rest, pg, plg, used, notes, res, fkey):
    """The unexplained native checks, each with a note of what the plugin
    has at its line."""
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
